// filled by the order module
export default function CartPage() {
  return null;
}
