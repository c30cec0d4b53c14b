// plywright variant designer: live preview, inline errors, file upload/download, jobs.
// Plain JavaScript, no build step. The server validates everything; this file only sends
// the form's text and shows the answers.
"use strict";

(function () {
  const root = document.getElementById("designer");
  if (!root) return;
  const form = document.getElementById("variant-form");
  const presets = JSON.parse(document.getElementById("presets").textContent);
  const DEBOUNCE_MS = 120;
  const POLL_MS = 300;

  // Timings of preview answers (change -> picture shown), read by the browser tests.
  window.plywright = { timings: [], answers: [], applied: 0, pending: 0 };

  function fields() {
    return Array.from(form.querySelectorAll("[data-field]"));
  }

  function payload() {
    const values = {};
    for (const el of fields()) {
      values[el.dataset.field] = el.type === "checkbox" ? String(el.checked) : el.value;
    }
    return {
      name: document.getElementById("f-name").value,
      preset: document.getElementById("f-preset").value,
      values: values,
    };
  }

  function fill(values) {
    for (const el of fields()) {
      const value = values[el.dataset.field];
      if (value === undefined) continue;
      if (el.type === "checkbox") el.checked = value === "true";
      else el.value = value;
    }
  }

  async function postJSON(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    let data = {};
    try {
      data = await response.json();
    } catch (e) {
      data = { error: `HTTP ${response.status}` };
    }
    return { ok: response.ok, status: response.status, data: data };
  }

  // ---- live evaluation: debounced; an older answer never overwrites a newer one ----
  let sequence = 0;
  let applied = 0;
  let timer = null;
  let changedAt = 0;
  let controller = null;
  let valid = false;

  function schedule() {
    changedAt = performance.now();
    window.plywright.pending = ++sequence;
    clearTimeout(timer);
    timer = setTimeout(evaluate, DEBOUNCE_MS);
  }

  async function evaluate() {
    const mine = sequence;
    const started = changedAt;
    if (controller) controller.abort();
    controller = new AbortController();
    let answer;
    const asked = performance.now();
    try {
      const response = await fetch(root.dataset.evaluate, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(payload()),
        signal: controller.signal,
      });
      answer = await response.json();
      if (!response.ok) answer = { ok: false, error: answer.error, field_errors: {}, checks: [] };
    } catch (e) {
      if (e.name === "AbortError") return;
      answer = { ok: false, error: `no answer from the server (${e})`, field_errors: {}, checks: [] };
    }
    if (mine < applied) return; // a newer answer is already shown
    applied = mine;
    render(answer);
    const ms = performance.now() - started;
    window.plywright.timings.push(ms);
    window.plywright.answers.push(performance.now() - asked);
    window.plywright.applied = mine;
    document.getElementById("preview-time").textContent = `${Math.round(ms)} ms`;
  }

  function render(answer) {
    valid = answer.ok;
    const errors = answer.field_errors || {};
    for (const box of form.querySelectorAll(".field[data-key]")) {
      const key = box.dataset.key;
      const slot = box.querySelector(".field-error");
      if (slot) slot.textContent = errors[key] || "";
      box.classList.toggle("invalid", Boolean(errors[key]));
      const list = box.querySelector(".field-checks");
      if (list) list.replaceChildren();
    }
    for (const slot of form.querySelectorAll("[data-table-error]")) {
      const table = slot.dataset.tableError;
      slot.textContent = errors[table] || "";
    }
    const shownBeside = Object.keys(errors).length > 0;
    document.getElementById("top-error").textContent =
      answer.error && !shownBeside ? answer.error : "";

    const checks = answer.checks || [];
    const list = document.getElementById("checks");
    list.replaceChildren();
    let failed = 0;
    for (const check of checks) {
      const item = document.createElement("li");
      const level = check.ok ? "ok" : check.severity;
      if (!check.ok) failed += 1;
      item.className = `check ${level}`;
      item.dataset.name = check.name;
      item.textContent = `${check.ok ? "ok" : check.severity}: ${check.name}: ${check.message}`;
      list.appendChild(item);
      if (!check.ok && check.field) {
        const box = form.querySelector(`.field[data-key="${CSS.escape(check.field)}"]`);
        const near = box && box.querySelector(".field-checks");
        if (near) {
          const note = item.cloneNode(true);
          near.appendChild(note);
        }
      }
    }
    document.getElementById("checks-summary").textContent = answer.ok
      ? `${checks.length - failed} of ${checks.length} passed`
      : "waiting for valid values";

    const img = document.getElementById("preview");
    const note = document.getElementById("preview-note");
    if (answer.preview) {
      img.src = answer.preview;
      img.hidden = false;
      img.dataset.kind = answer.preview_kind;
      note.textContent = answer.preview_kind === "preview/svg" ? "" : `showing ${answer.preview_kind}`;
    } else {
      note.textContent = answer.ok ? answer.preview_error || "" : "fix the values to see the preview";
      img.classList.toggle("stale", !answer.ok);
    }
    if (answer.ok) img.classList.remove("stale");
    for (const id of ["download", "check", "sweep", "build"]) {
      document.getElementById(id).disabled = !answer.ok;
    }
  }

  form.addEventListener("input", schedule);
  form.addEventListener("change", (event) => {
    if (event.target.id === "f-preset") {
      const values = presets[event.target.value];
      if (values) fill(values);
    }
    schedule();
  });
  form.addEventListener("submit", (event) => event.preventDefault());

  // ---- variant file ----
  const fileError = document.getElementById("file-error");
  document.getElementById("download").addEventListener("click", async () => {
    fileError.textContent = "";
    const response = await fetch(root.dataset.download, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload()),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      fileError.textContent = data.error || `HTTP ${response.status}`;
      return;
    }
    const blob = await response.blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${document.getElementById("f-name").value || "variant"}.toml`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  });

  // a variant file (an upload, or a sweep's best.toml) into the form; false on an error
  async function loadVariantFile(file, errorSlot) {
    errorSlot.textContent = "";
    const body = new FormData();
    body.append("file", file);
    const response = await fetch(root.dataset.upload, { method: "POST", body: body });
    const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) {
      errorSlot.textContent = data.error;
      return false;
    }
    document.getElementById("f-name").value = data.name;
    const preset = document.getElementById("f-preset");
    if (Array.from(preset.options).some((o) => o.value === data.preset)) preset.value = data.preset;
    fill(data.values);
    schedule();
    return true;
  }

  document.getElementById("upload").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (file) await loadVariantFile(file, fileError);
  });

  // ---- background jobs ----
  const jobs = {};

  function text(tag, content, cls) {
    const el = document.createElement(tag);
    el.textContent = content;
    if (cls) el.className = cls;
    return el;
  }

  function number(value) {
    if (Array.isArray(value)) {
      return value.map((v) => (Array.isArray(v) ? `[${number(v)}]` : number(v))).join(", ");
    }
    if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(3);
    return String(value);
  }

  function metricRows(metrics, prefix, table) {
    for (const [key, value] of Object.entries(metrics)) {
      if (!prefix && (key === "skill" || key === "strong")) continue; // shown by serverTables
      if (value && typeof value === "object" && !Array.isArray(value)) {
        metricRows(value, `${prefix}${key}.`, table);
        continue;
      }
      const row = document.createElement("tr");
      row.append(text("th", prefix + key), text("td", number(value)));
      const cell = document.createElement("td");
      if (!prefix && key.endsWith("rates") && Array.isArray(value)) {
        value.forEach((rate, seat) => {
          const bar = text("span", `seat ${seat}`, "bar");
          bar.style.width = `${Math.max(2, rate * 100)}%`;
          cell.appendChild(bar);
        });
      } else if (!prefix && typeof value === "number" && value >= 0 && value <= 1 && !key.includes("_")) {
        const bar = text("span", "", "bar");
        bar.style.width = `${Math.max(1, value * 100)}%`;
        cell.appendChild(bar);
      }
      row.appendChild(cell);
      table.appendChild(row);
    }
  }

  // Tables whose rows the server formatted ({title, header, rows}): strong play, probes.
  function serverTables(tables, out) {
    for (const spec of tables) {
      out.appendChild(text("h3", spec.title));
      const wrap = document.createElement("div");
      wrap.className = "table-scroll";
      const table = document.createElement("table");
      table.className = "metrics";
      const head = document.createElement("tr");
      for (const name of spec.header) head.appendChild(text("th", name));
      table.appendChild(head);
      for (const cells of spec.rows) {
        const row = document.createElement("tr");
        for (const cell of cells) row.appendChild(text("td", cell));
        table.appendChild(row);
      }
      wrap.appendChild(table);
      out.appendChild(wrap);
    }
  }

  function showCheck(job) {
    const report = job.result;
    const out = document.getElementById("check-result");
    out.replaceChildren();
    const verdict = text("p", "", `verdict ${report.verdict}`);
    verdict.id = "verdict";
    verdict.append(text("strong", report.verdict));
    verdict.append(
      ` — ${report.games} games, agents ${report.agents.join(", ")}, seed ${report.seed}, engine ${report.engine}, ${report.seconds.toFixed(1)} s`
    );
    out.appendChild(verdict);
    const reasons = document.createElement("ul");
    for (const reason of report.reasons) reasons.appendChild(text("li", reason));
    out.appendChild(reasons);
    const table = document.createElement("table");
    table.className = "metrics";
    metricRows(report.metrics, "", table);
    out.appendChild(table);
    serverTables(report.tables || [], out);
    const files = report.report_files || [];
    if (files.length) {
      const links = text("p", "Check report with plots: ");
      for (const name of files) {
        const link = text("a", name.split(".").pop().toUpperCase());
        link.href = `/jobs/${job.id}/report.${name.split(".").pop()}`;
        link.target = "_blank";
        link.className = "report-link";
        links.append(link, " ");
      }
      out.appendChild(links);
      const html = files.find((name) => name.endsWith(".html"));
      if (html) {
        const frame = document.createElement("iframe");
        frame.src = `/jobs/${job.id}/report.html`;
        frame.className = "report";
        frame.title = "check report with plots";
        frame.setAttribute("sandbox", "");
        out.appendChild(frame);
      }
    }
  }

  function showSweep(job) {
    const result = job.result;
    const out = document.getElementById("sweep-result");
    out.replaceChildren();
    const playable = result.variants.filter((v) => v.verdict === "playable").length;
    const summary = text(
      "p",
      `${playable} of ${result.variants.length} variants playable, ${result.games} games each, seed ${result.seed}`
    );
    summary.id = "sweep-summary";
    out.appendChild(summary);
    const table = document.createElement("table");
    table.className = "metrics";
    table.id = "sweep-table";
    const opener = result.variants.some((v) => "opener_balance" in v);
    const head = document.createElement("tr");
    for (const name of [...result.axes, "verdict", "balance", ...(opener ? ["opener balance"] : []), "completion"]) {
      head.appendChild(text("th", name));
    }
    table.appendChild(head);
    for (const variant of result.variants) {
      const row = document.createElement("tr");
      if (variant.name === result.best) row.className = "best";
      for (const axis of result.axes) row.appendChild(text("td", variant.parameters[axis]));
      row.appendChild(text("td", variant.verdict));
      row.appendChild(text("td", number(variant.balance)));
      if (opener) row.appendChild(text("td", number(variant.opener_balance)));
      row.appendChild(text("td", number(variant.completion)));
      table.appendChild(row);
    }
    out.appendChild(table);
    const links = text("p", "Files: ");
    for (const name of result.files) {
      const link = text("a", name);
      link.href = `/jobs/${job.id}/sweep/${name}`;
      if (name.endsWith(".html")) link.target = "_blank";
      else link.setAttribute("download", `${result.name}-${name}`);
      link.className = "report-link";
      links.append(link, " ");
    }
    out.appendChild(links);
    if (result.best) {
      const load = text("button", `Load the fairest (${result.best}) into the form`);
      load.type = "button";
      load.id = "sweep-load-best";
      load.addEventListener("click", async () => {
        const answer = await fetch(`/jobs/${job.id}/sweep/best.toml`);
        const slot = document.getElementById("sweep-error");
        if (!answer.ok) {
          slot.textContent = `HTTP ${answer.status}`;
          return;
        }
        const file = new File([await answer.blob()], "best.toml", { type: "text/plain" });
        await loadVariantFile(file, slot);
      });
      out.appendChild(load);
    } else {
      out.appendChild(text("p", "No variant of this sweep is playable.", "error"));
    }
    const frame = document.createElement("iframe");
    frame.src = `/jobs/${job.id}/sweep/report.html`;
    frame.className = "report";
    frame.title = "sweep report with plots";
    frame.setAttribute("sandbox", "");
    out.appendChild(frame);
  }

  function showBuild(job) {
    const result = job.result;
    const out = document.getElementById("build-result");
    out.replaceChildren();
    const zip = text("a", `Download ${result.name}.zip (${result.manifest.artifacts.length} files + manifest.json)`);
    zip.href = `/jobs/${job.id}/build.zip`;
    zip.id = "build-zip";
    zip.setAttribute("download", `${result.name}.zip`);
    out.appendChild(zip);
    const list = document.createElement("ul");
    list.id = "build-files";
    result.manifest.artifacts.forEach((artifact, index) => {
      const item = document.createElement("li");
      const open = /\.(pdf|svg)$/i.test(artifact.path);
      const link = text("a", artifact.path);
      link.href = `/jobs/${job.id}/files/${index}`;
      if (open) link.target = "_blank";
      else link.setAttribute("download", artifact.path.split("/").pop());
      item.append(link, text("span", ` ${artifact.kind} · ${artifact.description}`, "muted"));
      list.appendChild(item);
    });
    out.appendChild(list);
    for (const check of result.forced || []) {
      out.appendChild(text("p", `built despite error: ${check.name}: ${check.message}`, "error"));
    }
  }

  async function startJob(kind, body) {
    const error = document.getElementById(`${kind}-error`);
    error.textContent = "";
    document.getElementById(`${kind}-result`).replaceChildren();
    const answer = await postJSON(root.dataset[kind], body);
    if (!answer.ok) {
      error.textContent = answer.data.error || `HTTP ${answer.status}`;
      return;
    }
    jobs[kind] = answer.data.id;
    document.getElementById(`${kind}-job`).hidden = false;
    document.getElementById(kind).disabled = true;
    poll(kind, answer.data.id);
  }

  async function poll(kind, id) {
    const bar = document.getElementById(`${kind}-progress`);
    const state = document.getElementById(`${kind}-state`);
    while (jobs[kind] === id) {
      let job;
      try {
        const response = await fetch(`/jobs/${id}`, { headers: { Accept: "application/json" } });
        job = await response.json();
        if (!response.ok) throw new Error(job.error);
      } catch (e) {
        document.getElementById(`${kind}-error`).textContent = String(e.message || e);
        break;
      }
      bar.max = Math.max(1, job.total);
      bar.value = job.done;
      state.textContent = `${job.message || job.state} ${job.done}/${job.total} · ${job.seconds} s`;
      if (job.state === "done") {
        if (kind === "check") showCheck(job);
        else if (kind === "sweep") showSweep(job);
        else showBuild(job);
        break;
      }
      if (job.state === "failed" || job.state === "cancelled") {
        document.getElementById(`${kind}-error`).textContent = job.message;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    if (jobs[kind] === id) {
      delete jobs[kind];
      document.getElementById(`${kind}-job`).hidden = true;
      document.getElementById(kind).disabled = !valid;
    }
  }

  document.getElementById("check").addEventListener("click", () => {
    const games = Number(document.getElementById("check-games").value);
    startJob("check", {
      variant: payload(),
      games: Number.isInteger(games) ? games : document.getElementById("check-games").value,
      agent: document.getElementById("check-agent").value,
      probes: document.getElementById("check-probes").value,
    });
  });
  document.getElementById("sweep").addEventListener("click", () => {
    const games = Number(document.getElementById("sweep-games").value);
    const sets = ["sweep-set-1", "sweep-set-2"]
      .map((id) => document.getElementById(id).value.trim())
      .filter((value) => value);
    startJob("sweep", {
      variant: payload(),
      games: Number.isInteger(games) ? games : document.getElementById("sweep-games").value,
      agent: document.getElementById("check-agent").value,
      sets: sets,
    });
  });
  document.getElementById("build").addEventListener("click", () => {
    startJob("build", { variant: payload(), force: document.getElementById("build-force").checked });
  });
  for (const button of document.querySelectorAll("button.cancel")) {
    button.addEventListener("click", () => {
      const id = jobs[button.dataset.job];
      if (id) fetch(`/jobs/${id}/cancel`, { method: "POST" });
    });
  }
  window.addEventListener("pagehide", () => {
    for (const id of Object.values(jobs)) navigator.sendBeacon(`/jobs/${id}/cancel`);
  });

  schedule();
})();
