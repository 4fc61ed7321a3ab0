// The speed map as --plot-map draws it: output time across, source time up.
// Drag a knot to move it, click empty ground to add one, double-click a knot
// to remove it. The knots are the --time-map text (s=d, …), both ways:
// a knot level with the one before holds a freeze, one below it plays backwards.
const NS = "http://www.w3.org/2000/svg";
const PAD = 28;

export class MapEditor {
  constructor(svg, text, changed) {
    this.svg = svg;
    this.text = text;
    this.changed = changed;
    this.knots = [[0, 0], [1, 1]];
    this.limit = Infinity;
    this.dragging = -1;
    svg.addEventListener("pointerdown", (event) => this.press(event));
    svg.addEventListener("pointermove", (event) => this.move(event));
    svg.addEventListener("pointerup", () => this.release());
    svg.addEventListener("dblclick", (event) => this.remove(event));
    this.draw();
  }

  // A map of a source lasting `seconds`: knots stay within it.
  reset(seconds) {
    this.limit = seconds;
    this.knots = [[0, 0], [seconds, seconds]];
    this.write();
  }

  read() {
    const knots = this.text.value.split(/[,\n]/).map((part) => part.trim()).filter(Boolean).map((part) => part.split(/[=\s]+/).map(Number));
    if (knots.length >= 2 && knots.every((knot) => knot.length === 2 && knot.every(Number.isFinite))) {
      this.knots = knots;
      this.draw();
    }
  }

  write() {
    const short = (value) => String(Math.round(value * 1000) / 1000);
    this.text.value = this.knots.map(([s, d]) => `${short(s)}=${short(d)}`).join(",");
    this.draw();
  }

  span() {
    const maxS = Math.max(...this.knots.map((knot) => knot[0]), 0.001) * 1.15;
    const maxD = Math.max(...this.knots.map((knot) => knot[1]), 0.001) * 1.15;
    return { maxS, maxD, width: 400 - 2 * PAD, height: 240 - 2 * PAD };
  }

  toPoint([s, d]) {
    const { maxS, maxD, width, height } = this.span();
    return [PAD + (d / maxD) * width, 240 - PAD - (s / maxS) * height];
  }

  fromEvent(event) {
    const box = this.svg.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 400;
    const y = ((event.clientY - box.top) / box.height) * 240;
    const { maxS, maxD, width, height } = this.span();
    const s = Math.min(Math.max(0, ((240 - PAD - y) / height) * maxS), this.limit);
    return [s, Math.max(0, ((x - PAD) / width) * maxD)];
  }

  press(event) {
    const index = Number(event.target.dataset?.knot ?? -1);
    if (index >= 0) {
      this.dragging = index;
      this.svg.setPointerCapture(event.pointerId);
      return;
    }
    const [s, d] = this.fromEvent(event);
    const at = this.knots.findIndex((knot) => knot[1] > d);
    if (at <= 0) return;
    this.knots.splice(at, 0, [s, d]);
    this.write();
    this.changed();
  }

  move(event) {
    if (this.dragging < 0) return;
    const [s, d] = this.fromEvent(event);
    const before = this.knots[this.dragging - 1];
    const after = this.knots[this.dragging + 1];
    const low = before ? before[1] + 0.001 : 0;
    const high = after ? after[1] - 0.001 : Infinity;
    this.knots[this.dragging] = [s, this.dragging === 0 ? 0 : Math.min(Math.max(d, low), high)];
    this.write();
  }

  release() {
    if (this.dragging < 0) return;
    this.dragging = -1;
    this.changed();
  }

  remove(event) {
    const index = Number(event.target.dataset?.knot ?? -1);
    if (index < 0 || this.knots.length <= 2) return;
    this.knots.splice(index, 1);
    this.write();
    this.changed();
  }

  draw() {
    const shapes = [];
    const line = document.createElementNS(NS, "polyline");
    line.setAttribute("points", this.knots.map((knot) => this.toPoint(knot).join(",")).join(" "));
    line.setAttribute("class", "map-line");
    const axes = document.createElementNS(NS, "path");
    axes.setAttribute("d", `M${PAD},${PAD} V${240 - PAD} H${400 - PAD}`);
    axes.setAttribute("class", "map-axes");
    shapes.push(axes, line);
    this.knots.forEach((knot, index) => {
      const [x, y] = this.toPoint(knot);
      const circle = document.createElementNS(NS, "circle");
      Object.entries({ cx: x, cy: y, r: 7, class: "map-knot" }).forEach(([key, value]) => circle.setAttribute(key, value));
      circle.dataset.knot = String(index);
      circle.dataset.test = "map-knot";
      shapes.push(circle);
    });
    this.svg.replaceChildren(...shapes);
  }
}
