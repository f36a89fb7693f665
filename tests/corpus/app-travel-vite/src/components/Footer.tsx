export function Footer() {
  return (
    <footer className="footer">
      <a href="/legal?doc=terms&lang=en">Terms & Conditions</a>
      <a href="/legal?doc=privacy&lang=en">Privacy</a>
      <span>© {new Date().getFullYear()} SkyHop Travel Ltd.</span>
    </footer>
  );
}
