export function FullPageSpinner() {
  return (
    <div className="full-page-spinner" aria-busy="true">
      <span className="spinner-dot" />
    </div>
  );
}
