import { Component, OnInit, inject, signal } from "@angular/core";
import { HttpClient } from "@angular/common/http";
import { FormsModule } from "@angular/forms";
import { firstValueFrom } from "rxjs";

@Component({
  selector: "app-profile",
  imports: [FormsModule],
  template: `
    <h1>Account</h1>
    <label>Display name <input [(ngModel)]="name" /></label>
    <button (click)="save(name())">Save</button>
  `,
})
export class ProfileComponent implements OnInit {
  private readonly http = inject(HttpClient);
  readonly name = signal("");

  ngOnInit() {
    if (!document.modelContext) return;
    document.modelContext.registerTool({
      name: "update_display_name",
      description: "Change the name shown on the customer's account and on their reviews.",
      inputSchema: {
        type: "object",
        properties: { name: { type: "string", minLength: 1, maxLength: 60 } },
        required: ["name"],
      },
      execute: async ({ name }) => {
        await this.save(String(name));
        return { displayName: this.name() };
      },
    });
  }

  async save(name: string) {
    await firstValueFrom(this.http.patch("/api/account", { displayName: name }));
    this.name.set(name);
  }
}
