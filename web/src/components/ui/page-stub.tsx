/** Stands in for a screen whose issue has not landed yet. */
export function PageStub({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
    </section>
  );
}
