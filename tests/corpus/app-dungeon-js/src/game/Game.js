export const DIRECTIONS = ["north", "south", "east", "west"];

const STEP = { north: [-1, 0], south: [1, 0], east: [0, 1], west: [0, -1] };

export class Game {
  constructor(map) {
    this.map = map;
    this.state = "intro";
    this.player = { row: map.start[0], col: map.start[1], inventory: [], moves: 0 };
    this.listeners = new Set();
  }

  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit() {
    for (const listener of this.listeners) listener(this.state);
  }

  start() {
    this.state = "playing";
    this.emit();
  }

  move(direction) {
    const [dr, dc] = STEP[direction];
    const row = this.player.row + dr;
    const col = this.player.col + dc;
    if (this.map.walls.has(`${row},${col}`)) return false;
    this.player.row = row;
    this.player.col = col;
    this.player.moves += 1;
    if (row === this.map.exit[0] && col === this.map.exit[1]) {
      this.state = "won";
      this.emit();
    }
    return true;
  }

  itemsHere() {
    return this.map.items.filter((i) => i.row === this.player.row && i.col === this.player.col);
  }

  pickUp(itemId) {
    const item = this.itemsHere().find((i) => i.id === itemId);
    if (!item) return null;
    this.map.items = this.map.items.filter((i) => i !== item);
    this.player.inventory.push(item);
    return item;
  }

  describe() {
    const { row, col } = this.player;
    const exits = Object.entries(STEP)
      .filter(([, [dr, dc]]) => !this.map.walls.has(`${row + dr},${col + dc}`))
      .map(([d]) => d);
    return { position: { row, col }, exits, items: this.itemsHere().map((i) => i.name) };
  }
}
