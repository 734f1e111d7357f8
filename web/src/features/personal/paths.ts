// The personal centre's pages, for links between them.
export const MY_ORDERS_PATH = '/personal/personalCenter/myOrder';
export const MY_APPLY_PATH = '/personal/personalCenter/myApply';
