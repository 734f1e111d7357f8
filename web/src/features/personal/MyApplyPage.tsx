// filled by the order module
export default function MyApplyPage() {
  return null;
}
