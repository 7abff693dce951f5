/* Colours a page's fenced code with highlight.js, away from the page: in a worker made
   from this same script, so that code on which one of highlight.js's patterns backtracks
   without end (its C++ grammar does, on a line of template arguments) holds up only that
   block, for a while, and never the page. Each block marked with a language comes back
   coloured, or is left as it is: when highlight.js does not know its language, when it
   takes longer than `patience`, or when the browser makes no worker. A lazy page's code
   is coloured as it is laid out. The function at the end returns highlight.js with the
   page's languages; the page is written with them in it. */
/* global hljs */
(function (highlighter) {
  "use strict";
  if (typeof document === "undefined") {
    var hljs = highlighter();
    hljs.configure({ hideUpgradeWarningAcceptNoSupportOrSecurityUpdates: true });
    self.postMessage(true);
    self.onmessage = function (event) {
      event.data.forEach(function (block) {
        var html = null;
        if (hljs.getLanguage(block.language)) {
          try {
            html = hljs.highlight(block.language, block.text, true).value;
          } catch (error) {
            html = null;
          }
        }
        self.postMessage(html);
      });
    };
    return;
  }

  var source = document.currentScript.textContent;
  var patience = 2000;
  var marking = /(?:^|\s)language-(\S+)/;
  /* The blocks waiting, from `next` on, and those the worker has, in order. */
  var queue = [];
  var next = 0;
  var sent = [];
  var found = new WeakSet();
  var address = null;
  var worker = null;
  var timer = 0;
  var due = 0;
  /* Workers lost to an error; past a few, or when none can be made, code stays as it is. */
  var failures = 0;
  var broken = false;

  /* `data-code-colouring` on the root says whether blocks are still waiting. */
  function waiting(yes) {
    document.documentElement.setAttribute("data-code-colouring", yes ? "busy" : "done");
  }
  function giveUp() {
    broken = true;
    if (worker) worker.terminate();
    worker = null;
    queue = [];
    next = 0;
    sent = [];
    clearTimeout(timer);
    if (!ready.length) waiting(false);
  }
  function start() {
    try {
      address = address || URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      worker = new Worker(address);
    } catch (error) {
      giveUp();
      return false;
    }
    worker.onmessage = answered;
    worker.onerror = failed;
    return true;
  }
  function send() {
    while (next < queue.length && !queue[next].isConnected) next++;
    if (next >= queue.length) {
      queue = [];
      next = 0;
      if (!ready.length) waiting(false);
      return;
    }
    if (broken || (!worker && !start())) return;
    var batch = [];
    var size = 0;
    while (next < queue.length && batch.length < 4096 && size < 1048576) {
      var code = queue[next++];
      if (!code.isConnected) continue;
      var text = code.textContent;
      sent.push(code);
      batch.push({ language: marking.exec(code.className)[1], text: text });
      size += text.length;
    }
    worker.postMessage(batch);
    wait();
  }
  /* Blocks are coloured together once a frame: a page lays itself out again after each
     change, and a large one takes a while to. Each block coloured says so, for a search
     mark in it to be placed again. */
  var ready = [];
  function paint() {
    ready.forEach(function (answer) {
      answer[0].innerHTML = answer[1];
      answer[0].classList.add("hljs");
      answer[0].dispatchEvent(new Event("coloured", { bubbles: true }));
    });
    ready = [];
    if (!sent.length && next >= queue.length) waiting(false);
  }
  function answered(event) {
    /* The worker has read highlight.js: its time for the first block starts now. */
    if (event.data === true) {
      wait();
      return;
    }
    var code = sent.shift();
    clearTimeout(timer);
    if (event.data !== null) {
      if (!ready.length) requestAnimationFrame(paint);
      ready.push([code, event.data]);
    }
    if (sent.length) wait();
    else send();
  }
  function wait() {
    clearTimeout(timer);
    due = performance.now() + patience;
    timer = setTimeout(stalled, patience);
  }
  /* The worker is still on the first block it has not answered: that block is left as it
     is, and a new worker takes the rest. Unless the time is up long after it was due: then
     the page was busy (laying itself out), and the answer may be waiting behind it. */
  function stalled() {
    if (performance.now() - due > patience / 4) {
      wait();
      return;
    }
    restart("too slow");
  }
  function failed(event) {
    event.preventDefault();
    failures += 1;
    if (failures > 3) giveUp();
    else restart("failed");
  }
  function restart(why) {
    var code = sent.shift();
    if (code) code.setAttribute("data-colouring", why);
    worker.terminate();
    worker = null;
    clearTimeout(timer);
    queue = sent.concat(queue.slice(next));
    next = 0;
    sent = [];
    send();
  }
  function find(root) {
    if (broken) return;
    var before = queue.length;
    root.querySelectorAll("pre > code[class*='language-']").forEach(function (code) {
      /* Code written as raw HTML, with elements in it, keeps them. */
      if (found.has(code) || !marking.test(code.className) || code.childElementCount) return;
      found.add(code);
      queue.push(code);
    });
    if (queue.length > before && !sent.length) {
      waiting(true);
      send();
    }
  }

  find(document);
  new MutationObserver(function (changes) {
    changes.forEach(function (change) {
      /* A block being coloured is no new code. */
      if (change.target.nodeName === "CODE") return;
      change.addedNodes.forEach(function (node) {
        if (node.querySelectorAll) find(node);
      });
    });
  }).observe(document.body, { childList: true, subtree: true });
})(
  /* Not in strict mode, which highlight.js is not written for. */
  // eslint-disable-next-line strict
  function () {
    /* highlight.js and the page's languages */
    return hljs;
  }
);
