"""What the studio's browser tests share: the built program, the studio
started on a free port, headless Chromium, the page's elements by their
data-test names, waits on conditions, checks that print what they saw, and
screenshots of the walk."""
import os
import shutil
import subprocess
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The built scale-video: in the folder SCALE_VIDEO_PROGRAMS names (scripts/test.sh: the release build), else the debug build.
PROGRAM = os.path.join(os.environ.get("SCALE_VIDEO_PROGRAMS") or os.path.join(ROOT, ".build", "debug"), "scale-video")


def start_studio(folder):
    """`scale-video studio FOLDER` on a free port: the process and the address it printed."""
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


def browser(width, height):
    """Headless Chromium whose page (its viewport) is width x height."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                     "--autoplay-policy=no-user-gesture-required", "--hide-scrollbars"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    size = driver.get_window_size()
    driver.set_window_size(size["width"] + width - inner[0], size["height"] + height - inner[1])
    return driver


def whole_page_shot(driver, path):
    """The whole page, from its top, in a window as tall as it is; the window's size is then put back."""
    size = driver.get_window_size()
    driver.execute_script("window.scrollTo(0, 0)")
    tall = driver.execute_script("return document.documentElement.scrollHeight - innerHeight")
    driver.set_window_size(size["width"], size["height"] + tall)
    driver.save_screenshot(path)
    driver.set_window_size(size["width"], size["height"])
    print(f"screenshot: {path}")


def by_test(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'[data-test="{name}"]')


def all_by_test(driver, name):
    return driver.find_elements(By.CSS_SELECTOR, f'[data-test="{name}"]')


def file_named(wait, name):
    """The file list's entry for `name`, once listed."""
    return wait.until(lambda d: next((e for e in all_by_test(d, "file") if e.text == name), None))


def set_value(driver, element, value, event="input"):
    driver.execute_script(f"arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('{event}', {{ bubbles: true }}));", element, value)


def at_once(driver, element, read, *others, value=None, event="input"):
    """Clicks `element` (or sets its value to `value` and sends `event`),
    then, before the page does anything else, runs the JavaScript function
    body `read` with `others` as its arguments: what it returns."""
    act = "e.click();" if value is None else f"e.value = v; e.dispatchEvent(new Event('{event}', {{ bubbles: true }}));"
    return driver.execute_script(f"const [e, v, ...rest] = arguments; {act} return (function () {{ {read} }}).apply(null, rest);",
                                 element, value, *others)


def waiting(driver, seconds=60):
    return WebDriverWait(driver, seconds, poll_frequency=0.05)


def check(condition, message):
    if not condition:
        raise AssertionError(message)
    print(f"ok: {message}")


def frames_of(path):
    """The video packets of the file at `path`, as ffprobe counts them."""
    counted = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries", "stream=nb_read_packets",
                              "-of", "csv=p=0", path], capture_output=True, text=True, check=True)
    return int(counted.stdout.strip())


class Shots:
    """Screenshots of the walk, numbered in order, into a folder (none without one)."""

    def __init__(self, folder):
        self.folder = folder
        self.count = 0
        if folder:
            os.makedirs(folder, exist_ok=True)

    def take(self, driver, name, showing=None):
        """The page as it is, from its top, or scrolled to the element `showing`."""
        if not self.folder:
            return
        self.count += 1
        if showing:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", showing)
        else:
            driver.execute_script("window.scrollTo(0, 0)")
        path = os.path.join(self.folder, f"{self.count:02d}-{name}.png")
        driver.save_screenshot(path)
        print(f"screenshot: {path}")
