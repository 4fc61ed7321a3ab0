#!/usr/bin/env python3
"""The studio's page in real headless Chromium (SPEC §15), driven by Selenium:
open it with the token, pick the bundled sample, move the factor to 2 and
read plan-frames = 360, see the still frame at two output times and the
3 s preview around the second, drag a knot of the speed map and read its text,
render and watch progress reach 100, play result-player and read its
duration, cancel a second render and find nothing of it left behind, pick
a ProRes movie (whose picture Chromium does not decode) and see the copy
made for it play, and stop the server with Ctrl-C (exit 130). The second
render (a 300 s output) runs long enough to be cancelled.

    python3 Tests/Browser/studio_page_test.py [--screenshot PATH]

Runs the scale-video in the folder SCALE_VIDEO_PROGRAMS names, else the
debug build (.build/debug); every wait is on a condition, bounded in time."""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The built scale-video: in the folder SCALE_VIDEO_PROGRAMS names (scripts/test.sh: the release build), else the debug build.
PROGRAM = os.path.join(os.environ.get("SCALE_VIDEO_PROGRAMS") or os.path.join(ROOT, ".build", "debug"), "scale-video")


def start_studio(folder):
    log = open(os.path.join(os.path.dirname(folder), "studio.out"), "w+")
    server = subprocess.Popen([PROGRAM, "studio", folder, "--port", "0"], stdout=log, stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while time.time() < deadline:
        log.seek(0)
        line = log.readline()
        if line.endswith("\n"):
            return server, line.strip()
        if server.poll() is not None:
            raise SystemExit("the studio ended before it printed its address")
        time.sleep(0.05)
    raise SystemExit("the studio printed no address in 30 s")


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1500,1250", "--autoplay-policy=no-user-gesture-required"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def by_test(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'[data-test="{name}"]')


def file_named(wait, name):
    """The file list's entry for `name`, once listed."""
    return wait.until(lambda d: next((e for e in d.find_elements(By.CSS_SELECTOR, '[data-test="file"]') if e.text == name), None))


def set_value(driver, element, value, event="input"):
    driver.execute_script(f"arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('{event}', {{ bubbles: true }}));", element, value)


def check(condition, message):
    if not condition:
        raise AssertionError(message)
    print(f"ok: {message}")


def run(driver, address, output_folder, screenshot):
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    driver.get(address)
    file_named(wait, "sample.mp4").click()
    wait.until(lambda d: by_test(d, "plan-frames").text == "180")
    check(True, "the sample as it is: 180 frames")
    set_value(driver, by_test(driver, "factor"), "2")
    wait.until(lambda d: by_test(d, "plan-frames").text == "360")
    check(by_test(driver, "plan-duration").text == "12", "factor 2: plan-frames 360, plan-duration 12")

    set_value(driver, by_test(driver, "still-at"), "5")
    # The picture shown, once loaded: its time (data-at, set by the page), width and height.
    shown = lambda d: d.execute_script(
        "const i = arguments[0]; return i.complete && i.naturalWidth > 0 ? [i.dataset.at, i.naturalWidth, i.naturalHeight] : null;",
        by_test(d, "still"))
    first = wait.until(lambda d: (s := shown(d)) and s[0] == "5.000000" and s)
    check(first[1:] == [640, 360], f"the still at 5 s is the output's frame, {first[1]}x{first[2]}")
    set_value(driver, by_test(driver, "still-at"), "9")
    wait.until(lambda d: (s := shown(d)) and s[0] == "9.000000")
    check(True, "moving the slider shows the frame there")
    by_test(driver, "preview").click()
    movie = WebDriverWait(driver, 60, poll_frequency=0.05).until(lambda d: d.execute_script(
        "const v = arguments[0]; return !v.hidden && v.readyState >= 1 && isFinite(v.duration) ? [v.dataset.at, v.duration, v.videoWidth, v.videoHeight] : null;",
        by_test(d, "preview-player")))
    check(movie[0] == "9.000000" and abs(movie[1] - 3) < 0.05 and movie[2:] == [640, 360],
          f"the preview around 9 s plays {movie[1]:.3f} s at {movie[2]}x{movie[3]}")

    driver.find_element(By.ID, "use-map").click()
    before = by_test(driver, "time-map").get_attribute("value")
    knots = driver.find_elements(By.CSS_SELECTOR, '[data-test="map-knot"]')
    ActionChains(driver).click_and_hold(knots[-1]).move_by_offset(60, -10).release().perform()
    wait.until(lambda d: by_test(d, "time-map").get_attribute("value") != before)
    after = by_test(driver, "time-map").get_attribute("value")
    pairs = [tuple(float(v) for v in knot.split("=")) for knot in after.split(",")]
    check(before == "0=0,6=6" and len(pairs) == 2 and pairs[0] == (0.0, 0.0) and pairs[1] == (6.0, pairs[1][1]) and pairs[1][1] > 6, f"dragging the last knot made the map {after}")
    wait.until(lambda d: by_test(d, "plan-frames").text not in ("360", "180"))
    check(True, f"the plan follows the map: {by_test(driver, 'plan-frames').text} frames")
    driver.find_element(By.ID, "use-map").click()
    set_value(driver, by_test(driver, "factor"), "2")
    wait.until(lambda d: by_test(d, "plan-frames").text == "360")

    by_test(driver, "render").click()
    WebDriverWait(driver, 180, poll_frequency=0.1).until(lambda d: d.find_element(By.ID, "progress-text").text.endswith("(done)"))
    check(float(by_test(driver, "progress").get_attribute("value")) == 100, "progress reached 100")
    duration = WebDriverWait(driver, 30).until(lambda d: d.execute_script(
        "const v = arguments[0]; return v.readyState >= 1 && isFinite(v.duration) ? v.duration : null;", by_test(d, "result-player")))
    check(abs(duration - 12) < 0.1, f"result-player plays {duration:.3f} s")
    driver.execute_script("arguments[0].play()", by_test(driver, "result-player"))
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return arguments[0].currentTime > 0.2", by_test(d, "result-player")))
    check(True, "result-player plays")
    check(by_test(driver, "download").get_attribute("href").endswith("/results/sample-scaled.mov?download=1"), "download names the result")
    if screenshot:
        driver.execute_script("window.scrollTo(0, 0); arguments[0].pause(); arguments[0].currentTime = 6;", by_test(driver, "result-player"))
        driver.execute_script("arguments[0].currentTime = 3;", by_test(driver, "source-player"))
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "return [...arguments].every((v) => !v.seeking && v.readyState >= 2)", by_test(d, "source-player"), by_test(d, "result-player")))
        driver.save_screenshot(screenshot)
        print(f"screenshot: {screenshot}")

    set_value(driver, by_test(driver, "duration"), "300")
    set_value(driver, by_test(driver, "motion"), "blend", "change")
    set_value(driver, by_test(driver, "container"), "mkv", "change")
    wait.until(lambda d: by_test(d, "plan-frames").text == "9000")
    before = by_test(driver, "progress-picture").get_attribute("src")
    by_test(driver, "render").click()
    WebDriverWait(driver, 60, poll_frequency=0.05).until(lambda d: "(running)" in d.find_element(By.ID, "progress-text").text)
    latest = WebDriverWait(driver, 60, poll_frequency=0.05).until(lambda d: d.execute_script(
        "const i = arguments[0]; return !i.hidden && i.src !== arguments[1] && i.complete && i.naturalWidth > 0 ? [i.naturalWidth, i.naturalHeight] : null;",
        by_test(d, "progress-picture"), before))
    check(latest == [640, 360], f"the running render shows its latest frame, {latest[0]}x{latest[1]}")
    by_test(driver, "cancel").click()
    WebDriverWait(driver, 60, poll_frequency=0.1).until(lambda d: d.find_element(By.ID, "progress-text").text.endswith("(cancelled)"))
    left = sorted(os.listdir(output_folder))
    check(left == [".studio-jobs.json", "sample-scaled.mov"], f"the cancelled render left nothing: {left}")

    file_named(wait, "prores.mov").click()
    copy = WebDriverWait(driver, 120, poll_frequency=0.1).until(lambda d: d.execute_script(
        "const v = arguments[0]; return v.src.endsWith('/media/prores.mov/playable') && v.readyState >= 2 && v.videoWidth > 0 ? [v.videoWidth, v.videoHeight, v.duration] : null;",
        by_test(d, "source-player")))
    check(copy[:2] == [320, 240] and abs(copy[2] - 2) < 0.05 and "small copy" in driver.find_element(By.ID, "source-note").text,
          f"a ProRes source plays as the copy made for the browser: {copy[0]}x{copy[1]}, {copy[2]:.3f} s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screenshot")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="studio-page-")
    folder = os.path.join(work, "media")
    os.makedirs(folder)
    shutil.copy(os.path.join(ROOT, "Samples", "sample.mp4"), folder)
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=2", "-f", "lavfi", "-i", "sine=d=2",
                    "-c:v", "prores_ks", "-c:a", "pcm_s16le", os.path.join(folder, "prores.mov")], check=True)
    server, address = start_studio(folder)
    driver = None
    try:
        driver = browser()
        run(driver, address, os.path.join(folder, "scaled"), arguments.screenshot)
    except Exception:
        if driver:
            print("page error:", driver.find_element(By.CSS_SELECTOR, '[data-test="error"]').text)
            print("progress:", driver.find_element(By.ID, "progress-text").text)
            print("renders:", driver.find_element(By.ID, "renders").text)
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
