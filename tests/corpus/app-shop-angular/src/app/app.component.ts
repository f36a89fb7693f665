import { Component, inject } from "@angular/core";
import { RouterLink, RouterOutlet } from "@angular/router";
import { CartToolsService } from "./services/cart-tools.service";

@Component({
  selector: "app-root",
  imports: [RouterOutlet, RouterLink],
  templateUrl: "./app.component.html",
})
export class AppComponent {
  // Instantiated here so the cart tools exist on every page.
  private readonly cartTools = inject(CartToolsService);
}
