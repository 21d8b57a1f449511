// The pages' only script: local times, a running game's board kept current, a replay's steps.
"use strict";

function localTimes(root) {
  for (const time of root.querySelectorAll("time[datetime]")) {
    const moment = new Date(time.getAttribute("datetime"));
    if (!isNaN(moment)) {
      time.textContent = moment.toLocaleString(document.documentElement.lang || undefined,
        { dateStyle: "medium", timeStyle: "short" });
    }
  }
}

function replay(box) {
  const boards = JSON.parse(document.getElementById("boards").textContent);
  const img = document.getElementById("board");
  const caption = document.getElementById("caption");
  const counter = document.getElementById("counter");
  const slider = document.getElementById("slider");
  const of = box.dataset.of;
  let at = boards.length - 1;
  function show(n) {
    at = Math.max(0, Math.min(boards.length - 1, n));
    const board = boards[at];
    img.src = board.src;
    img.alt = board.alt;
    caption.textContent = board.caption;
    counter.textContent = of.replace("{number}", at + 1).replace("{count}", boards.length);
    slider.value = at + 1;
    if (at + 1 < boards.length) { new Image().src = boards[at + 1].src; }
  }
  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("previous").addEventListener("click", () => show(at - 1));
  document.getElementById("next").addEventListener("click", () => show(at + 1));
  document.getElementById("last").addEventListener("click", () => show(boards.length - 1));
  slider.addEventListener("input", () => show(Number(slider.value) - 1));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider) { return; }  // the slider steps by itself
    if (event.key === "ArrowLeft") { show(at - 1); event.preventDefault(); }
    if (event.key === "ArrowRight") { show(at + 1); event.preventDefault(); }
    if (event.key === "Home") { show(0); event.preventDefault(); }
    if (event.key === "End") { show(boards.length - 1); event.preventDefault(); }
  });
}

function live(box) {
  let version = Number(box.dataset.version);
  const every = Number(box.dataset.poll || 3) * 1000;
  async function poll() {
    try {
      const answer = await fetch(box.dataset.live, { cache: "no-store" });
      if (answer.ok) {
        const now = await answer.json();
        if (now.status === "finished" || now.status === "ended") { location.reload(); return; }
        if (now.version !== version) {
          version = now.version;
          box.dataset.version = String(version);
          const img = document.getElementById("board");
          if (img && now.board) { img.src = now.board; img.alt = now.alt; }
          document.getElementById("status").textContent = `${now.words || ""} · ${now.state}`;
          const news = document.getElementById("news");
          news.replaceChildren(...now.news.map((line) => {
            const item = document.createElement("li");
            item.textContent = line;
            return item;
          }));
        }
      }
    } catch (error) { /* the next poll tries again */ }
    setTimeout(poll, every);
  }
  setTimeout(poll, every);
}

document.addEventListener("DOMContentLoaded", () => {
  localTimes(document);
  const box = document.getElementById("replay");
  if (box) { replay(box); }
  const running = document.getElementById("live");
  if (running) { live(running); }
});
