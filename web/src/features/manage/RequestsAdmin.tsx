// filled by the order module
export default function RequestsAdmin() {
  return null;
}
