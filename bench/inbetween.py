"""The in-between benchmark's arithmetic (bench/bench.sh --part quality).

  inbetween.py frames PSNR_STATS SSIM_STATS COUNT
                                              one clip and mode over its first COUNT held-out frames:
                                              mean luma PSNR, mean SSIM, worst frame
  inbetween.py table RESULTS                  the per-clip table and what it comes to
  inbetween.py still MADE TRUTH WxH X0 DX Y SIZE
                                              a square moving over a still background: the background's error
  inbetween.py cut MADE SOURCE WxH FACTOR CUT  each picture shown around a cut: which source frame it is
"""
import math
import subprocess
import sys

import numpy as np


def fields(line):
    return dict(part.split(":", 1) for part in line.split() if ":" in part)


def frames(psnr_stats, ssim_stats, count):
    """Over the first COUNT held-out frames (those every mode made): mean
    luma PSNR (a frame made exactly counts as 100 dB), mean luma SSIM, the
    worst frame's PSNR and number (in the clip: the held-out frames are its
    odd ones), and COUNT."""
    count = int(count)
    psnr = [min(100.0, float(fields(line)["psnr_y"])) for line in open(psnr_stats) if line.strip()][:count]
    ssim = [float(fields(line)["Y"]) for line in open(ssim_stats) if line.strip()][:count]
    if len(psnr) != count or len(ssim) != count:
        sys.exit(f"{psnr_stats}: {len(psnr)} frames scored, {count} wanted")
    worst = int(np.argmin(psnr))
    print(f"{np.mean(psnr):.2f} {np.mean(ssim):.4f} {psnr[worst]:.2f} {2 * worst + 1} {count}")


def table(results):
    """RESULTS: lines `clip mode psnr ssim worst frame count`."""
    rows = {}
    modes = ["nearest", "blend", "flow", "mci"]
    for line in open(results):
        clip, mode, psnr, ssim, worst, frame, count = line.split()
        rows.setdefault(clip, {})[mode] = (float(psnr), float(ssim), float(worst), int(frame), int(count))
    print(f"{'clip':<16}" + "".join(f"{m if m != 'mci' else 'minterpolate':>28}" for m in modes) + f"{'flow − mci':>12}"
          + f"{'frames':>8}")
    for clip, by in rows.items():
        cells = "".join(f"{by[m][0]:8.2f} / {by[m][1]:.4f} ({by[m][2]:5.2f} #{by[m][3]:<2})" for m in modes)
        print(f"{clip:<16}{cells}{by['flow'][0] - by['mci'][0]:+11.2f}{by['flow'][4]:8d}")
    means = {m: (np.mean([by[m][0] for by in rows.values()]), np.mean([by[m][1] for by in rows.values()])) for m in modes}
    print(f"{'mean':<16}" + "".join(f"{means[m][0]:8.2f} / {means[m][1]:.4f}{'':>10}" for m in modes)
          + f"{means['flow'][0] - means['mci'][0]:+11.2f}")
    worst = min(rows, key=lambda clip: rows[clip]["flow"][0] - rows[clip]["mci"][0])
    lower = [clip for clip, by in rows.items() if by["flow"][1] < by["mci"][1]]
    print(f"worst clip for flow against minterpolate: {worst} "
          f"({rows[worst]['flow'][0] - rows[worst]['mci'][0]:+.2f} dB, SSIM {rows[worst]['flow'][1]:.4f} against {rows[worst]['mci'][1]:.4f})")
    print(f"clips where flow's SSIM is below minterpolate's: {', '.join(lower) if lower else 'none'}")
    print(f"clips where flow is more than 0.2 dB below minterpolate: "
          f"{', '.join(c for c, by in rows.items() if by['flow'][0] < by['mci'][0] - 0.2) or 'none'}")


def luma(path, width, height):
    """The luma planes of a movie's frames, as ffmpeg decodes them."""
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                         check=True, capture_output=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width).astype(np.int32)


def still(made, truth, size, x0, dx, y, side):
    """The held-out (odd) frames of a square `side` wide at (x0 + dx·n, y)
    over a still background: the background's mean error farther than 20
    px from the square, and its worst 16x16 block so far from it."""
    width, height = map(int, size.split("x"))
    x0, dx, y, side = float(x0), float(dx), int(y), int(side)
    made, truth = luma(made, width, height), luma(truth, width, height)
    errors, blocks = [], []
    for n in range(1, min(len(made), len(truth)) - 1, 2):
        left = int(math.floor(x0 + dx * n))
        far = np.ones((height, width), bool)
        far[max(0, y - 20):y + side + 20, max(0, left - 20):left + side + 20] = False
        error = np.abs(made[n] - truth[n])
        errors.append(error[far].mean())
        for by in range(0, height - 15, 16):
            for bx in range(0, width - 15, 16):
                if far[by:by + 16, bx:bx + 16].all():
                    blocks.append(error[by:by + 16, bx:bx + 16].mean())
    print(f"{np.mean(errors):.2f} {max(blocks):.2f} {sum(b > 3 for b in blocks)}")


def cut(made, source, size, factor, at):
    """The pictures shown from `factor`·(at − 1) to `factor`·at (the
    output of a ×factor slow-down around the cut between source frames
    at − 1 and at): for each, the source frame it equals, or `mix`."""
    width, height = map(int, size.split("x"))
    made, source = luma(made, width, height), luma(source, width, height)
    factor, at = int(factor), int(at)
    shown = []
    for k in range(factor * (at - 1), factor * at + 1):
        same = [i for i in (at - 1, at) if np.array_equal(made[k], source[i])]
        shown.append(str(same[0]) if same else "mix")
    print(" ".join(shown))


if __name__ == "__main__":
    {"frames": frames, "table": table, "still": still, "cut": cut}[sys.argv[1]](*sys.argv[2:])
