// filled by the order module
export default function OrdersAdmin() {
  return null;
}
