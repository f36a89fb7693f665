import { Route, Routes } from "react-router-dom";
import { TripProvider } from "~/api/trip";
import { TravelTools } from "~/webmcp/TravelTools";
import { Footer } from "~/components/Footer";
import { FlightSearch } from "~/pages/FlightSearch";
import { HotelSearch } from "~/pages/HotelSearch";
import { Checkout } from "~/pages/Checkout";

export function App() {
  return (
    <TripProvider>
      <TravelTools />
      <header className="topbar">
        <a href="/" className="logo">
          SkyHop
        </a>
        <h2>Flights & Hotels</h2>
      </header>
      <Routes>
        <Route path="/" element={<FlightSearch />} />
        <Route path="/hotels" element={<HotelSearch />} />
        <Route path="/checkout" element={<Checkout />} />
      </Routes>
      <Footer />
    </TripProvider>
  );
}
