import { Link } from "react-router";

export function meta() {
  return [
    { title: "Patch | Garden supplies delivered" },
    {
      name: "description",
      content:
        "Garden supplies delivered. We organise. You learn. Grow boxes and monthly supplies for New Zealand growers.",
    },
  ];
}

export default function Home() {
  return (
    <section className="container-page flex min-h-[80vh] flex-col justify-center pt-28 pb-20">
      <h1 className="text-5xl font-bold">Garden supplies delivered</h1>
      <p className="mt-4 text-2xl">We organise. You learn.</p>
      <div className="mt-8 flex gap-3">
        <Link to="/product" className="btn-primary">
          Start Your Garden Today
        </Link>
      </div>
    </section>
  );
}
