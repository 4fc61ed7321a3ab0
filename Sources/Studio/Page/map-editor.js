// The speed map as --plot-map draws it: output time across, source time up,
// both in seconds on the axes. Drag a knot to move it (the axes hold still
// while it moves, so it stays under the pointer), click empty ground to add
// one, double-click a knot to remove it. The knots are the --time-map text
// (s=d, …), both ways: a knot level with the one before holds a freeze, one
// below it plays backwards.
const NS = "http://www.w3.org/2000/svg";
const WIDTH = 400;
const HEIGHT = 240;
// The room around the plot: ticks and their numbers left and below.
const LEFT = 38;
const RIGHT = 12;
const TOP = 14;
const BOTTOM = 30;

// Numbers as the map's text writes them: to the millisecond.
const short = (value) => String(Math.round(value * 1000) / 1000);

// A step between ticks of 1, 2 or 5 times a power of ten giving about five ticks up to `top`.
function tickStep(top) {
  const rough = top / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((step) => step * power).find((step) => step >= rough);
}

function shape(name, attributes, text) {
  const element = document.createElementNS(NS, name);
  Object.entries(attributes).forEach(([key, value]) => element.setAttribute(key, value));
  if (text != null) element.textContent = text;
  return element;
}

export class MapEditor {
  // `changed` is called when the person has changed the map.
  constructor(svg, text, changed) {
    this.svg = svg;
    this.text = text;
    this.changed = changed;
    this.knots = [[0, 0], [1, 1]];
    this.limit = Infinity;
    this.dragging = -1;
    // The axes while a knot is dragged.
    this.frozen = null;
    svg.addEventListener("pointerdown", (event) => this.press(event));
    svg.addEventListener("pointermove", (event) => this.move(event));
    svg.addEventListener("pointerup", () => this.release());
    svg.addEventListener("dblclick", (event) => this.remove(event));
    this.draw();
  }

  // Shows `knots` (pairs [s, d]) for a source lasting `seconds`, as the map's text too.
  show(knots, seconds) {
    this.limit = seconds;
    this.knots = knots;
    this.write();
  }

  // The output time of the last knot: the duration the map makes.
  get end() { return this.knots[this.knots.length - 1][1]; }

  // Stretches every knot's output time by `ratio`.
  scaleOutput(ratio) {
    this.knots = this.knots.map(([s, d]) => [s, d * ratio]);
    this.write();
  }

  // Takes the map's text when it is knots; whether it was.
  read() {
    const knots = this.text.value.split(/[,\n]/).map((part) => part.trim()).filter(Boolean).map((part) => part.split(/[=\s]+/).map(Number));
    if (knots.length < 2 || !knots.every((knot) => knot.length === 2 && knot.every(Number.isFinite))) return false;
    this.knots = knots;
    this.draw();
    return true;
  }

  write() {
    this.text.value = this.knots.map(([s, d]) => `${short(s)}=${short(d)}`).join(",");
    this.draw();
  }

  span() {
    if (this.frozen) return this.frozen;
    const maxS = Math.max(...this.knots.map((knot) => knot[0]), 0.001) * 1.12;
    const maxD = Math.max(...this.knots.map((knot) => knot[1]), 0.001) * 1.12;
    return { maxS, maxD, width: WIDTH - LEFT - RIGHT, height: HEIGHT - TOP - BOTTOM };
  }

  toPoint([s, d]) {
    const { maxS, maxD, width, height } = this.span();
    return [LEFT + (d / maxD) * width, HEIGHT - BOTTOM - (s / maxS) * height];
  }

  fromEvent(event) {
    const box = this.svg.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * WIDTH;
    const y = ((event.clientY - box.top) / box.height) * HEIGHT;
    const { maxS, maxD, width, height } = this.span();
    const s = Math.min(Math.max(0, ((HEIGHT - BOTTOM - y) / height) * maxS), this.limit);
    return [s, Math.max(0, ((x - LEFT) / width) * maxD)];
  }

  press(event) {
    const index = Number(event.target.dataset?.knot ?? -1);
    if (index >= 0) {
      this.dragging = index;
      this.frozen = this.span();
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
    this.changed();
  }

  release() {
    if (this.dragging < 0) return;
    this.dragging = -1;
    this.frozen = null;
    this.draw();
    this.changed();
  }

  remove(event) {
    const index = Number(event.target.dataset?.knot ?? -1);
    if (index < 0 || this.knots.length <= 2) return;
    this.knots.splice(index, 1);
    this.write();
    this.changed();
  }

  // The axes, with a tick and its number of seconds every step, and their names.
  axes() {
    const { maxS, maxD } = this.span();
    const shapes = [shape("path", { d: `M${LEFT},${TOP} V${HEIGHT - BOTTOM} H${WIDTH - RIGHT}`, class: "map-axes" })];
    const across = tickStep(maxD);
    for (let d = 0; d <= maxD + 1e-9; d += across) {
      const [x] = this.toPoint([0, d]);
      shapes.push(shape("path", { d: `M${x},${HEIGHT - BOTTOM} v4`, class: "map-axes" }),
        shape("text", { x, y: HEIGHT - BOTTOM + 14, class: "map-tick", "text-anchor": "middle", "data-axis": "output" }, short(d)));
    }
    const up = tickStep(maxS);
    for (let s = 0; s <= maxS + 1e-9; s += up) {
      const [, y] = this.toPoint([s, 0]);
      shapes.push(shape("path", { d: `M${LEFT - 4},${y} h4`, class: "map-axes" }),
        shape("text", { x: LEFT - 6, y: y + 4, class: "map-tick", "text-anchor": "end", "data-axis": "source" }, short(s)));
    }
    shapes.push(shape("text", { x: WIDTH - RIGHT, y: HEIGHT - 3, class: "map-title", "text-anchor": "end" }, "output (s)"),
      shape("text", { x: LEFT + 4, y: TOP - 3, class: "map-title" }, "source (s)"));
    return shapes;
  }

  draw() {
    const line = shape("polyline", { points: this.knots.map((knot) => this.toPoint(knot).join(",")).join(" "), class: "map-line" });
    const knots = this.knots.map((knot, index) => {
      const [cx, cy] = this.toPoint(knot);
      const circle = shape("circle", { cx, cy, r: 7, class: "map-knot" });
      circle.dataset.knot = String(index);
      circle.dataset.test = "map-knot";
      return circle;
    });
    this.svg.replaceChildren(...this.axes(), line, ...knots);
  }
}
