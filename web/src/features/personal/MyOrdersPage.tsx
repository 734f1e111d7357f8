// filled by the order module
export default function MyOrdersPage() {
  return null;
}
