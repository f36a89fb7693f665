import Header from "./components/Header.jsx";
import MenuTools from "./components/MenuTools.jsx";
import Menu from "./components/Menu.jsx";
import ReservationForm from "./components/ReservationForm.jsx";
import FeedbackPanel from "./components/FeedbackPanel.jsx";
import { useWebMCPStatus } from "react-webmcp";

export default function App() {
  const { available } = useWebMCPStatus();
  return (
    <>
      <Header />
      <MenuTools />
      <main className="page">
        <Menu />
        <ReservationForm />
        <FeedbackPanel />
      </main>
      <footer>
        <p>12 rue des Vinaigriers, Paris 10e · Tue–Sat 12:00–14:30 & 19:00–23:00</p>
        {available && <p className="agent-note">This page works with AI assistants.</p>}
      </footer>
    </>
  );
}
