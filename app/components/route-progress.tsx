// 'Loading...' while a route's code or data is loading (SPEC §2 route table).
import { useNavigation } from "react-router";

export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div
      role="status"
      className="fixed top-16 left-1/2 z-50 -translate-x-1/2 rounded-full bg-ink px-4 py-1.5 text-sm text-cream shadow-lg"
    >
      Loading...
    </div>
  );
}
