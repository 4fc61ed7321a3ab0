// The source's sound as decibel bars (as --waveform draws them), with the
// play position as a line; where there are no bars to draw, the note over
// them says why.
export function drawLevels(canvas, levels, position) {
  const context = canvas.getContext("2d");
  const { width, height } = canvas;
  context.fillStyle = "#111827";
  context.fillRect(0, 0, width, height);
  if (!levels || levels.levels.length === 0) return;
  const bar = width / levels.levels.length;
  context.fillStyle = "#38bdf8";
  levels.levels.forEach((level, index) => {
    const fraction = Math.max(0, 1 - level / levels.noiseFloor);
    const barHeight = fraction * height;
    context.fillRect(index * bar, height - barHeight, Math.max(bar - 1, 1), barHeight);
  });
  if (levels.duration > 0) {
    context.fillStyle = "#f97316";
    context.fillRect((position / levels.duration) * width - 1, 0, 2, height);
  }
}

// Writes `text` over the bars, or hides the note when `text` is empty.
export function noteLevels(note, text) {
  note.textContent = text;
  note.hidden = text === "";
}
