/** Placeholder until its issue builds it. */
export default function Page() {
  return (
    <div>
      <h1 className="font-bold text-2xl">Admin Pay Later</h1>
    </div>
  );
}
