/** A card-sized placeholder while products load, so the loaded cards take its place without a jump. */
export function ProductCardSkeleton({ className = '' }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm ${className}`}
    >
      <div className="aspect-[4/3] w-full animate-pulse bg-stone-100" />
      <div className="flex flex-col gap-2 p-4">
        <div className="h-6 w-3/4 rounded bg-stone-200" />
        <div className="h-4 w-24 rounded bg-stone-100" />
        <div className="h-7 w-32 rounded bg-stone-200" />
        <div className="mt-1 h-9 rounded-lg bg-stone-200" />
      </div>
    </div>
  );
}
