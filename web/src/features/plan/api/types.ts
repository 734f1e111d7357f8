// The plan pages' data as the server sends it, from the generated schema, and the labels of
// its codes as the README's "Acquisition plans" reads them.
import type { components, operations } from '../../../api/schema';

type Schemas = components['schemas'];

/** A plan area as lists show it. */
export type PlanArea = Schemas['PlanArea'];

/** A plan area's state: draft, submitted, editRequested, published. */
export type PlanState = Schemas['PlanState'];

/** Acquisition type: sc 首采, bc 补采, jc 监测. */
export type Cjlx = Schemas['Cjlx'];

/** A unit's level: 国家级, 省级, 市级, 县级. */
export type UnitType = Schemas['UnitType'];

/** What save/{x} takes. */
export type SavePlanArea = Schemas['SavePlanArea'];

/** An area file as process-shp read it (clipped to the caller's range). */
export type ProcessedShape = Schemas['Envelope_ProcessedShp']['data'];

/** The year's needs per unit and where units overlap. */
export type PlanOverlap = Schemas['PlanOverlap'];

/** A published version of a year's plan. */
export type Publication = Schemas['Publication'];

/** A purchase plan: its lines, sums and the version used. */
export type PurchasePlan = Schemas['PurchasePlan'];

/** One line of a purchase plan. */
export type PurchaseRow = Schemas['PurchaseRow'];

/** How the overall plan is summed: province, resolution or year. */
export type Analysis = Schemas['Analysis'];

/** The overall plan: its rows and their total. */
export type OverallPlan = Schemas['OverallPlan'];

/** One row of the overall plan. */
export type OverallRow = Schemas['OverallRow'];

/** The feedback of a year: per unit, with the sums. */
export type ProvincialFeedback = Schemas['ProvincialFeedback'];

/** One unit's feedback. */
export type UnitFeedback = Schemas['UnitFeedback'];

/** One need of a unit's feedback. */
export type FeedbackLine = Schemas['FeedbackLine'];

/** A unit's rating as sent. */
export type RateFeedback = Schemas['RateFeedback'];

/** A pushed optical scene that counts for a unit's need. */
export type OpticalScene = Schemas['OpticalScene'];

/** The areas of a year as GeoJSON (feature id the area's, properties a PlanArea). */
export type PlanAreaShapes = Schemas['Envelope_FeatureCollection_PlanArea']['data'];

/** The filters of list and geom/{x} (paging apart). */
export type PlanFilters = Omit<
  NonNullable<operations['list_plan_areas']['parameters']['query']>,
  'pageNum' | 'pageSize'
>;

/** The plan year the pages open on (the server's default). */
export const DEFAULT_PLAN_YEAR = 2025;

/** The purchase year the purchase plan opens on (the server's default). */
export const DEFAULT_PURCHASE_YEAR = 2024;

/** The years offered by the year pickers. */
export const PLAN_YEARS = Array.from({ length: 11 }, (_, index) => 2020 + index);

/** The resolution classes (spec §9; the server's labels). */
export const RESOLUTIONS = [
  { value: 1, label: '优于1米' },
  { value: 2, label: '1米至4米' },
  { value: 3, label: '4米至16米' },
  { value: 4, label: '16米以上' },
] as const;

/** The acquisition types. */
export const CJLX_OPTIONS: { value: Cjlx; label: string }[] = [
  { value: 'sc', label: '首采' },
  { value: 'bc', label: '补采' },
  { value: 'jc', label: '监测' },
];

/** The unit levels. */
export const UNIT_TYPES: UnitType[] = ['国家级', '省级', '市级', '县级'];

/** The states with their labels and map colours. */
export const PLAN_STATES: { value: PlanState; label: string; colour: string }[] = [
  { value: 'draft', label: '草稿', colour: '#8c8c8c' },
  { value: 'submitted', label: '已提交', colour: '#1677ff' },
  { value: 'editRequested', label: '申请修改', colour: '#fa8c16' },
  { value: 'published', label: '已发布', colour: '#52c41a' },
];

/** The months 1–12 as options, e.g. 3月. */
export const MONTH_OPTIONS = Array.from({ length: 12 }, (_, index) => ({
  value: index + 1,
  label: `${index + 1}月`,
}));

/** The analysis options of the overall plan. */
export const ANALYSES: { value: Analysis; label: string }[] = [
  { value: 'province', label: '按省份' },
  { value: 'resolution', label: '按分辨率' },
  { value: 'year', label: '按年度' },
];
