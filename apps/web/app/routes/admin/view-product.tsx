/** Placeholder until its issue builds it. */
export default function Page() {
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      <h1 className="font-bold text-2xl">View Product</h1>
    </main>
  );
}
