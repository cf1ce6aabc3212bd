export function SiteFooter() {
  return <footer className="border-t border-border px-6 py-8 text-sm text-muted-foreground">© 2025 Rankpilot</footer>
}
