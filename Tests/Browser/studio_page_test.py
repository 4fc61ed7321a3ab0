#!/usr/bin/env python3
"""The studio's page in real headless Chromium (SPEC §15), driven by
Selenium, at 1366x768, the walk a person takes:

- before a file is picked, no picture shows broken; picking the sample
  marks it in the list, and the plan, Render and the still are in view
  without scrolling, the result's screen beside the source's at its size;
- the factor moves to 2: plan-frames 360, and the map the editor draws (the
  speed map off) is the factor's, 0=0,6=12; the still at two output times,
  the 3 s preview around the second;
- the speed map ticked under ×2 starts from that map (plan-frames stays
  360); a dragged knot stays under the pointer; a map typed in and the
  factor moved to 3 stretch its output times (540 frames);
- a render at ×2, then another at ×0.5, each landing under its own name
  with its own frame count (sample-scaled.mov 360, sample-scaled-2.mov 90),
  listed with its options and time; an option changed marks the result,
  the download, the preview and the still out of date;
- a long render: its latest frame, a replace refused beside Render while it
  runs, then cancelled ("cancelled", no time left) with nothing left behind;
- another file (a ProRes movie, which Chromium plays as the copy made for
  it): the result, download, preview and still of the sample are gone, and
  a changed option marks the still at once;
- a phone clip turned by its display matrix, without sound: the still is
  upright as the player shows the clip, and the bars say there is no sound;
- a long file name wraps; a request announcing 1 TiB gets 413 at once, from
  its head; Ctrl-C ends the studio with 130.

    python3 Tests/Browser/studio_page_test.py [--screenshot PATH] [--screenshots FOLDER]

--screenshot saves the whole page after the first render (the README's
picture, docs/studio.png); --screenshots saves every step of the walk. Runs the
scale-video in the folder SCALE_VIDEO_PROGRAMS names, else the debug build
(.build/debug); every wait is on a condition, bounded in time."""
import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from studio_browser import (ROOT, Shots, all_by_test, at_once, browser, by_test, check, file_named, frames_of, set_value, start_studio,
                            waiting, whole_page_shot)

__all__ = ["ROOT", "check", "start_studio"]

LONG_NAME = "a holiday film with a name much longer than the list is wide, taken on the last day of the summer.mp4"

# JavaScript: whether arguments[0] lies wholly inside the window.
IN_VIEW = """const r = arguments[0].getBoundingClientRect();
return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;"""
# JavaScript: the still once loaded, [its time (data-at), width, height], else null.
STILL = "const i = arguments[0]; return !i.hidden && i.complete && i.naturalWidth > 0 ? [i.dataset.at, i.naturalWidth, i.naturalHeight] : null;"
# JavaScript: a player's [duration, width, height] once it knows them, else null.
PLAYING = "const v = arguments[0]; return !v.hidden && v.readyState >= 1 && isFinite(v.duration) ? [v.duration, v.videoWidth, v.videoHeight] : null;"


def knots(driver):
    """The map's text as [(s, d), …]."""
    text = by_test(driver, "time-map").get_attribute("value")
    return [tuple(float(v) for v in knot.split("=")) for knot in text.split(",")]


def attribute(driver, name, key):
    return by_test(driver, name).get_attribute(key)


def progress_state(driver):
    return by_test(driver, "progress-text").find_element(By.XPATH, "..").get_attribute("data-state")


def first_look(driver, wait, shots):
    """Before a file is picked nothing shows as a broken picture; picked, the
    file is marked, and the plan, Render and the still are in view."""
    check(driver.execute_script("return [...document.images].every((i) => i.hidden || (i.complete && i.naturalWidth > 0))"),
          "before a file is picked no picture shows broken")
    shots.take(driver, "start")
    file_named(wait, "sample.mp4").click()
    wait.until(lambda d: by_test(d, "plan-frames").text == "180")
    check(file_named(wait, "sample.mp4").get_attribute("aria-current") == "true"
          and all(e.get_attribute("aria-current") != "true" for e in all_by_test(driver, "file") if e.text != "sample.mp4"),
          "the sample as it is, 180 frames, and marked in the list")
    wait.until(lambda d: d.execute_script(STILL, by_test(d, "still")))
    size = driver.execute_script("return [innerWidth, innerHeight]")
    for name in ["plan-frames", "plan-duration", "render", "still-figure"]:
        check(driver.execute_script(IN_VIEW, by_test(driver, name)), f"{name} is in view at {size[0]}x{size[1]} without scrolling")
    boxes = driver.execute_script("return [arguments[0], arguments[1]].map((e) => e.parentElement.getBoundingClientRect().toJSON())",
                                  by_test(driver, "source-player"), by_test(driver, "result-player"))
    source, result = boxes
    check(abs(source["top"] - result["top"]) < 1 and abs(source["width"] - result["width"]) < 1 and abs(source["height"] - result["height"]) < 1
          and result["left"] >= source["right"], f"the result's screen is beside the source's at its size, {result['width']:.0f}x{result['height']:.0f}")
    shots.take(driver, "picked")


def factor_and_looks(driver, wait):
    set_value(driver, by_test(driver, "factor"), "2")
    wait.until(lambda d: by_test(d, "plan-frames").text == "360")
    check(by_test(driver, "plan-duration").text == "12", "factor 2: plan-frames 360, plan-duration 12")
    check(attribute(driver, "time-map", "value") == "0=0,6=12" and not by_test(driver, "use-map").is_selected(),
          "with the speed map off, time-map holds the factor's map 0=0,6=12")
    set_value(driver, by_test(driver, "still-at"), "5")
    first = wait.until(lambda d: (s := d.execute_script(STILL, by_test(d, "still"))) and s[0] == "5.000000" and s)
    check(first[1:] == [640, 360], f"the still at 5 s is the output's frame, {first[1]}x{first[2]}")
    set_value(driver, by_test(driver, "still-at"), "9")
    wait.until(lambda d: (s := d.execute_script(STILL, by_test(d, "still"))) and s[0] == "9.000000")
    check(True, "moving the slider shows the frame there")
    busy = at_once(driver, by_test(driver, "preview"), "return arguments[0].dataset.busy", by_test(driver, "preview-figure"))
    check(busy == "true", "the preview being made says so")
    movie = wait.until(lambda d: d.execute_script(PLAYING, by_test(d, "preview-player")))
    check(attribute(driver, "preview-player", "data-at") == "9.000000" and abs(movie[0] - 3) < 0.05 and movie[1:] == [640, 360],
          f"the preview around 9 s plays {movie[0]:.3f} s at {movie[1]}x{movie[2]}")


def speed_map(driver, wait, shots):
    """The map is the plan's map: it starts from the factor's, follows a
    drag under the pointer, and stretches with the factor."""
    marked = at_once(driver, by_test(driver, "use-map"), "return arguments[0].dataset.stale", by_test(driver, "plan"))
    check(attribute(driver, "time-map", "value") == "0=0,6=12", "ticking the map under ×2 keeps 0=0,6=12")
    check(marked == "true", "the plan of the factor is marked while the map's is made")
    wait.until(lambda d: by_test(d, "plan").get_attribute("data-stale") is None)
    check(by_test(driver, "plan-frames").text == "360", "and the map's plan is the same 360 frames")
    ticks = [[e.text for e in driver.find_elements(By.CSS_SELECTOR, f'.map-tick[data-axis="{axis}"]')] for axis in ["output", "source"]]
    check(ticks == [["0", "5", "10"], ["0", "2", "4", "6"]], f"the axes are labelled in seconds: output {ticks[0]}, source {ticks[1]}")
    editor = by_test(driver, "map-editor")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", editor)
    last = all_by_test(driver, "map-knot")[-1]
    start = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];", last)
    ActionChains(driver).click_and_hold(last).move_by_offset(40, 30).perform()
    under = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];",
                                  all_by_test(driver, "map-knot")[-1])
    ActionChains(driver).release().perform()
    check(abs(under[0] - start[0] - 40) < 2 and abs(under[1] - start[1] - 30) < 2,
          f"the dragged knot stays under the pointer: moved {under[0] - start[0]:.1f}, {under[1] - start[1]:.1f} for 40, 30")
    dragged = knots(driver)
    check(len(dragged) == 2 and dragged[0] == (0, 0) and dragged[1][0] < 6 and dragged[1][1] > 12, f"dragging the last knot made the map {dragged}")
    wait.until(lambda d: by_test(d, "plan-frames").text not in ("360", "180"))
    check(abs(float(attribute(driver, "duration", "value")) - dragged[1][1]) < 0.001,
          f"the plan follows the map ({by_test(driver, 'plan-frames').text} frames), and duration shows its end, {dragged[1][1]} s")
    wait.until(lambda d: by_test(d, "still-figure").get_attribute("data-busy") is None)
    shots.take(driver, "map", by_test(driver, "map-editor"))
    set_value(driver, by_test(driver, "time-map"), "0=0,3=4,6=12")
    wait.until(lambda d: by_test(d, "plan-frames").text == "360")
    set_value(driver, by_test(driver, "factor"), "3")
    check(knots(driver) == [(0, 0), (3, 6), (6, 18)] and by_test(driver, "use-map").is_selected(),
          f"the factor moved to 3 with the map on stretches its output times: {attribute(driver, 'time-map', 'value')}")
    wait.until(lambda d: by_test(d, "plan-frames").text == "540")
    check(attribute(driver, "duration", "value") == "18", "540 frames, duration 18")
    by_test(driver, "use-map").click()
    check(attribute(driver, "time-map", "value") == "0=0,6=18", "the map off: the factor's map of the duration it made")
    set_value(driver, by_test(driver, "factor"), "2")
    wait.until(lambda d: by_test(d, "plan-frames").text == "360")
    by_test(driver, "reverse").click()
    check(attribute(driver, "time-map", "value") == "6=0,0=12", "reversed, the factor's map runs from the end: 6=0,0=12")
    by_test(driver, "use-map").click()
    check(not by_test(driver, "reverse").is_selected() and not by_test(driver, "reverse").is_enabled(),
          "the map ticked takes the reversing over (--time-map takes no --reverse)")
    wait.until(lambda d: by_test(d, "plan").get_attribute("data-stale") is None)
    check(by_test(driver, "plan-frames").text == "360" and by_test(driver, "error").text == "", "and plans the same 360 frames")
    by_test(driver, "use-map").click()
    check(by_test(driver, "reverse").is_selected() and attribute(driver, "time-map", "value") == "6=0,0=12", "the map off: reversed again")
    by_test(driver, "reverse").click()
    set_value(driver, by_test(driver, "factor"), "2")
    wait.until(lambda d: attribute(d, "time-map", "value") == "0=0,6=12" and by_test(d, "plan").get_attribute("data-stale") is None)


def wait_render(driver, seconds=180):
    waiting(driver, seconds).until(lambda d: progress_state(d) in ("done", "failed", "cancelled"))
    check(progress_state(driver) == "done", f"the render is done: {by_test(driver, 'progress-text').text} {by_test(driver, 'error').text}")


def renders_repeat(driver, wait, output_folder, shots, screenshot):
    """Two renders of one file in a row: each under its own name, with its own frames."""
    by_test(driver, "render").click()
    wait_render(driver)
    check(float(attribute(driver, "progress", "value")) == 100, "progress reached 100")
    duration = waiting(driver, 30).until(lambda d: d.execute_script(PLAYING, by_test(d, "result-player")))[0]
    check(abs(duration - 12) < 0.1, f"result-player plays {duration:.3f} s")
    driver.execute_script("arguments[0].play()", by_test(driver, "result-player"))
    waiting(driver, 30).until(lambda d: d.execute_script("return arguments[0].currentTime > 0.2", by_test(d, "result-player")))
    check(attribute(driver, "download", "href").endswith("/results/sample-scaled.mov?download=1"), "result-player plays, download names sample-scaled.mov")
    driver.execute_script("arguments[0].pause(); arguments[0].currentTime = 6; arguments[1].currentTime = 3;",
                          by_test(driver, "result-player"), by_test(driver, "source-player"))
    waiting(driver, 30).until(lambda d: d.execute_script(
        "return [...arguments].every((v) => !v.seeking && v.readyState >= 2)", by_test(d, "source-player"), by_test(d, "result-player")))
    if screenshot:
        whole_page_shot(driver, screenshot)
    shots.take(driver, "rendered")

    set_value(driver, by_test(driver, "factor"), "0.5")
    wait.until(lambda d: by_test(d, "plan-frames").text == "90")
    check(by_test(driver, "result-screen").get_attribute("data-stale") == "true", "the result of ×2 is marked once the factor is 0.5")
    by_test(driver, "render").click()
    wait.until(lambda d: "sample-scaled-2.mov" in by_test(d, "render-message").text)
    wait_render(driver)
    check(attribute(driver, "download", "href").endswith("/results/sample-scaled-2.mov?download=1")
          and by_test(driver, "result-screen").get_attribute("data-stale") is None, "the second render is sample-scaled-2.mov, shown unmarked")
    counts = [frames_of(os.path.join(output_folder, name)) for name in ["sample-scaled.mov", "sample-scaled-2.mov"]]
    check(counts == [360, 90], f"each render landed with its own frames: sample-scaled.mov {counts[0]}, sample-scaled-2.mov {counts[1]}")
    entries = wait.until(lambda d: (e := [x.text for x in all_by_test(d, "render-entry")]) and len(e) == 2 and "done" in e[0] and e)
    check("sample-scaled-2.mov" in entries[0] and "×0.5" in entries[0] and "30 fps" in entries[0] and "nearest" in entries[0]
          and "sample-scaled.mov" in entries[1] and "×2" in entries[1] and ":" in entries[1].splitlines()[-1],
          f"the renders are listed with their options and time: {entries}")
    shots.take(driver, "rendered-again")

    by_test(driver, "preview").click()
    wait.until(lambda d: d.execute_script(PLAYING, by_test(d, "preview-player")) and by_test(d, "preview-figure").get_attribute("data-busy") is None)
    views = ["result-screen", "preview-figure", "still-figure", "download"]
    marked = at_once(driver, by_test(driver, "motion"), "return [...arguments].map((e) => [e.dataset.stale, e.dataset.busy])",
                     *[by_test(driver, name) for name in views], value="blend", event="change")
    check(all(stale == "true" for stale, _ in marked), f"motion changed: the result, preview, still and download are marked out of date {marked}")
    check(marked[2][1] == "true", "and the still being made again says so")
    shots.take(driver, "changed")
    wait.until(lambda d: by_test(d, "still-figure").get_attribute("data-stale") is None and d.execute_script(STILL, by_test(d, "still")))
    check(by_test(driver, "preview-figure").get_attribute("data-stale") == "true", "the still is made anew; the preview stays marked until asked again")


def cancel_a_render(driver, wait, output_folder, shots):
    set_value(driver, by_test(driver, "duration"), "300")
    set_value(driver, by_test(driver, "container"), "mkv", "change")
    wait.until(lambda d: by_test(d, "plan-frames").text == "9000")
    by_test(driver, "render").click()
    waiting(driver).until(lambda d: progress_state(d) == "running")
    latest = waiting(driver).until(lambda d: d.execute_script(
        "const i = arguments[0]; return !i.hidden && i.complete && i.naturalWidth > 0 ? [i.naturalWidth, i.naturalHeight] : null;",
        by_test(d, "progress-picture")))
    check(latest == [640, 360], f"the running render shows its latest frame where the result plays, {latest[0]}x{latest[1]}")
    by_test(driver, "replace").click()
    by_test(driver, "render").click()
    wait.until(lambda d: "being rendered" in by_test(d, "render-message").text)
    check("being rendered" in by_test(driver, "error").text and "refused" in by_test(driver, "render-message").get_attribute("class"),
          f"replacing the output under way is refused beside Render: {by_test(driver, 'render-message').text}")
    by_test(driver, "replace").click()
    shots.take(driver, "rendering")
    by_test(driver, "cancel").click()
    waiting(driver).until(lambda d: progress_state(d) == "cancelled")
    words = by_test(driver, "progress-text").text
    check("cancelled" in words and "left" not in words, f"the cancelled render says so, no time left: {words}")
    left = sorted(os.listdir(output_folder))
    check(left == [".studio-jobs.json", "sample-scaled-2.mov", "sample-scaled.mov"], f"the cancelled render left nothing: {left}")
    shots.take(driver, "cancelled")


def another_file(driver, wait, shots):
    """Another file: nothing of the sample's stays; a change marks the still at once."""
    set_value(driver, by_test(driver, "container"), "mov", "change")
    driver.find_element(By.CSS_SELECTOR, '[data-test="render-entry"] button').click()
    wait.until(lambda d: d.execute_script(PLAYING, by_test(d, "result-player")))
    by_test(driver, "preview").click()
    wait.until(lambda d: d.execute_script(PLAYING, by_test(d, "preview-player")))
    gone = at_once(driver, file_named(wait, "prores.mov"), """const [result, download, preview, still] = arguments;
        return [!result.getAttribute('src') && result.hidden, download.hidden, !preview.getAttribute('src') && preview.hidden, still.hidden];""",
        by_test(driver, "result-player"), by_test(driver, "download"), by_test(driver, "preview-player"), by_test(driver, "still"))
    check(gone == [True, True, True, True], f"picking another file takes the sample's result, download, preview and still away: {gone}")
    wait.until(lambda d: d.execute_script(STILL, by_test(d, "still")))
    marks = at_once(driver, by_test(driver, "fps"), "return [arguments[0].dataset.stale, arguments[0].dataset.busy]", by_test(driver, "still-figure"),
                    value="25", event="change")
    check(marks == ["true", "true"], "a changed option marks the still out of date at once, and its making shows")
    copy = waiting(driver, 120).until(lambda d: d.execute_script(
        "const v = arguments[0]; return v.src.endsWith('/media/prores.mov/playable') && v.readyState >= 2 && v.videoWidth > 0 ? [v.videoWidth, v.videoHeight, v.duration] : null;",
        by_test(d, "source-player")))
    check(copy[:2] == [320, 240] and abs(copy[2] - 2) < 0.05 and "small copy" in driver.find_element(By.ID, "source-note").text,
          f"a ProRes source plays as the copy made for the browser: {copy[0]}x{copy[1]}, {copy[2]:.3f} s")
    wait.until(lambda d: by_test(d, "still-figure").get_attribute("data-stale") is None and d.execute_script(STILL, by_test(d, "still")))
    shots.take(driver, "another-file")


def phone_clip(driver, wait, shots):
    """A clip turned by its display matrix, without sound."""
    file_named(wait, "phone.mp4").click()
    player = wait.until(lambda d: (p := d.execute_script(PLAYING, by_test(d, "source-player"))) and p[1] > 0 and p)
    still = wait.until(lambda d: d.execute_script(STILL, by_test(d, "still")))
    note = by_test(driver, "waveform-note")
    check(note.is_displayed() and note.text == "No sound in this file", f"where the bars go: {note.text}")
    shots.take(driver, "phone")
    check((still[1] > still[2]) == (player[1] > player[2]),
          f"the turned clip's still ({still[1]}x{still[2]}) stands as the player shows it ({player[1]}x{player[2]})")


def long_name(driver, wait):
    entry = file_named(wait, LONG_NAME)
    fits = driver.execute_script("const e = arguments[0]; return e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().height > 40;", entry)
    check(fits, "a long file name wraps inside its entry")


def announced_too_large(address):
    """A request announcing 1 TiB, sent as its head alone: 413 at once."""
    parts = urllib.parse.urlsplit(address)
    token = urllib.parse.parse_qs(parts.query)["token"][0]
    head = (f"POST /api/files?name=huge.mp4 HTTP/1.1\r\nHost: {parts.netloc}\r\nCookie: studio-token-{parts.port}={token}\r\n"
            "Content-Type: application/octet-stream\r\nContent-Length: 1099511627776\r\n\r\n")
    started = time.monotonic()
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as connection:
        connection.sendall(head.encode())
        answer = connection.recv(4096).decode(errors="replace")
    took = time.monotonic() - started
    check(answer.startswith("HTTP/1.1 413") and took < 5,
          f"a request announcing 1 TiB is refused from its head in {took:.2f} s: {answer.splitlines()[0]}")


def run(driver, address, output_folder, shots, screenshot):
    wait = waiting(driver)
    driver.get(address)
    first_look(driver, wait, shots)
    factor_and_looks(driver, wait)
    speed_map(driver, wait, shots)
    renders_repeat(driver, wait, output_folder, shots, screenshot)
    cancel_a_render(driver, wait, output_folder, shots)
    another_file(driver, wait, shots)
    long_name(driver, wait)
    phone_clip(driver, wait, shots)


def make_media(folder):
    shutil.copy(os.path.join(ROOT, "Samples", "sample.mp4"), folder)
    os.symlink("sample.mp4", os.path.join(folder, LONG_NAME))
    ffmpeg = ["ffmpeg", "-v", "error", "-f", "lavfi", "-i"]
    subprocess.run(ffmpeg + ["testsrc2=s=320x240:r=25:d=2", "-f", "lavfi", "-i", "sine=d=2", "-c:v", "prores_ks", "-c:a", "pcm_s16le",
                             os.path.join(folder, "prores.mov")], check=True)
    # A phone's clip: stored 320x180, shown turned a quarter (a display matrix), no sound.
    upright = os.path.join(os.path.dirname(folder), "upright.mp4")
    subprocess.run(ffmpeg + ["testsrc2=s=320x180:r=30:d=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", upright], check=True)
    subprocess.run(["ffmpeg", "-v", "error", "-i", upright, "-c", "copy", "-metadata:s:v:0", "rotate=90", os.path.join(folder, "phone.mp4")], check=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screenshot", help="where to save the page after the first render (docs/studio.png)")
    parser.add_argument("--screenshots", help="a folder for a screenshot of each step of the walk")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="studio-page-")
    folder = os.path.join(work, "media")
    os.makedirs(folder)
    make_media(folder)
    server, address = start_studio(folder)
    driver = None
    try:
        announced_too_large(address)
        driver = browser(1366, 768)
        run(driver, address, os.path.join(folder, "scaled"), Shots(arguments.screenshots), arguments.screenshot)
    except Exception:
        if driver:
            for name in ["error", "render-message", "progress-text", "renders", "time-map"]:
                print(f"{name}:", by_test(driver, name).text or by_test(driver, name).get_attribute("value"))
        raise
    finally:
        if driver:
            driver.quit()
        server.send_signal(signal.SIGINT)
        status = server.wait(60)
        shutil.rmtree(work, ignore_errors=True)
    check(status == 130, f"Ctrl-C ended the studio with {status}")


if __name__ == "__main__":
    sys.exit(main())
