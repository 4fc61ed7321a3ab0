// Plays `path` in `player`; where the browser cannot (it fails, or shows no
// picture of a movie), plays the small copy the server makes of it instead,
// and says so in `note`.
export function play(player, note, path, hasPicture) {
  note.textContent = "";
  const playable = () => {
    player.onerror = player.onloadedmetadata = null;
    note.textContent = "This browser cannot play it: making a small copy it can play…";
    player.onloadeddata = () => { player.onloadeddata = null; note.textContent = "Playing a small copy (360 lines) made for this browser."; };
    player.onerror = () => { note.textContent = "Even its copy cannot be played here."; };
    player.src = `${path}/playable`;
  };
  player.onerror = playable;
  player.onloadedmetadata = () => {
    if (hasPicture && player.videoWidth === 0) playable();
    else player.onerror = player.onloadedmetadata = null;
  };
  player.onloadeddata = null;
  player.src = path;
}
