import { createRouter, createWebHistory } from "vue-router";
import BoardView from "@/views/BoardView.vue";

export const router = createRouter({
  history: createWebHistory(),
  routes: [
    { path: "/", redirect: "/boards/main" },
    { path: "/boards/:boardId", name: "board", component: BoardView },
    { path: "/cards/:cardId", name: "card", component: () => import("@/views/CardDetail.vue") },
    { path: "/settings", name: "settings", component: () => import("@/views/SettingsView.vue") },
  ],
});
