/*
 * agentloop-course: the course's own JupyterLab plugin, for a learner's Lab (./course lab)
 * and the zero-install site (tools/build_site.py). Hand-written, no build step: it is a
 * federated extension container (window._JUPYTERLAB["agentloop-course"], with init/get, as
 * JupyterLab loads every prebuilt extension) whose one plugin needs nothing but the app,
 * plus two of the page's shared modules (@lumino/widgets, @jupyterlab/notebook).
 *
 * What it does for a learner:
 * - opens the course on chapter 1 when nothing is open (a first visit; JupyterLab's own
 *   layout reopens where the learner left off), instead of a bare Launcher;
 * - a "Start here" button above every notebook opens the start page (00_start_here.md)
 *   as a rendered page;
 * - the progress page (00_progress.ipynb) fills itself in: its cells run when it is opened
 *   and each time it comes to the front again;
 * - a notebook whose tab is only restored (not on screen) starts no kernel until it is
 *   shown: one kernel per notebook the learner opens;
 * - while a notebook's kernel starts, a line above it says so, with the seconds so far
 *   (in the site Python itself starts in the browser, which takes a while the first time);
 * - a notebook read from disk keeps no widget views: a widget lives in the kernel that
 *   made it, so after a restart each widget output shows its text (and the check buttons
 *   say to run the cell) instead of "Error displaying widget: model not found".
 */
(function () {
  "use strict";
  var NAME = "agentloop-course";
  var FIRST = "01_agent_loop.ipynb";
  var START = "00_start_here.md";
  var PROGRESS = "00_progress.ipynb";
  var WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
  var shared = null;

  function newest(versions) {
    var keys = Object.keys(versions);
    keys.sort(function (a, b) {
      var x = a.split(".").map(Number), y = b.split(".").map(Number);
      for (var i = 0; i < Math.max(x.length, y.length); i++) {
        if ((x[i] || 0) !== (y[i] || 0)) return (x[i] || 0) - (y[i] || 0);
      }
      return 0;
    });
    return keys[keys.length - 1];
  }

  /** One of the page's shared modules (the copy JupyterLab itself uses), or null. */
  function shared_module(name) {
    var versions = shared && shared[name];
    if (!versions || !Object.keys(versions).length) return Promise.resolve(null);
    return Promise.resolve(versions[newest(versions)].get()).then(function (factory) {
      return factory();
    }).catch(function () { return null; });
  }

  function basename(path) {
    return (path || "").split("/").pop();
  }

  /** A notebook read from disk: its outputs without widget views (see the top). */
  function without_widget_views(model) {
    if (!model || model.type !== "notebook" || !model.content || !model.content.cells) {
      return model;
    }
    model.content.cells.forEach(function (cell) {
      (cell.outputs || []).forEach(function (output) {
        if (output.data && output.data[WIDGET_VIEW]) {
          delete output.data[WIDGET_VIEW];
          if (!output.data["text/plain"]) {
            output.data["text/plain"] = "(a widget: run the cell to see it)";
          }
        }
      });
    });
    return model;
  }

  function patch_contents(app) {
    var contents = app.serviceManager.contents;
    var get = contents.get.bind(contents);
    contents.get = function (path, options) {
      return get(path, options).then(without_widget_views);
    };
  }

  function exists(app, path) {
    var contents = app.serviceManager.contents;
    var dir = path.indexOf("/") < 0 ? "" : path.slice(0, path.lastIndexOf("/"));
    return contents.get(dir, { content: true }).then(function (listing) {
      return (listing.content || []).some(function (item) { return item.path === path; });
    }).catch(function () { return false; });
  }

  function when_idle(session) {
    return new Promise(function (resolve) {
      function look() {
        var kernel = session.session && session.session.kernel;
        if (kernel && session.kernelDisplayStatus === "idle") {
          session.statusChanged.disconnect(look);
          resolve();
        }
      }
      session.statusChanged.connect(look);
      look();
    });
  }

  /** The line above a notebook while its kernel starts (after a second: a quick start
   * shows nothing). */
  function kernel_line(Widget, panel, in_browser) {
    if (!panel.contentHeader) return;
    var node = document.createElement("div");
    node.className = "agentloop-kernel-start";
    node.setAttribute("role", "status");
    node.style.cssText = "padding:4px 12px;background:var(--jp-info-color3,#e1f5fe);" +
      "color:var(--jp-ui-font-color1);font-size:var(--jp-ui-font-size1);";
    var line = new Widget({ node: node });
    var started = null, timer = null;
    var session = panel.sessionContext;

    function say() {
      var seconds = Math.round((Date.now() - started) / 1000);
      node.textContent = in_browser
        ? "Starting Python in your browser… " + seconds + " s. The first visit downloads " +
          "it, which can take a minute; later visits start faster. You can read and edit " +
          "meanwhile: a cell you run waits until Python is ready."
        : "Starting the notebook's kernel… " + seconds + " s.";
      node.dataset.seconds = String(seconds);
    }
    function starting() {
      var kernel = session.session && session.session.kernel;
      if (kernel) {
        return ["starting", "restarting", "unknown", "initializing",
                "autorestarting"].indexOf(session.kernelDisplayStatus) >= 0;
      }
      return !session.isReady && session.kernelPreference.shouldStart !== false;
    }
    function update() {
      if (panel.isDisposed) return;
      if (starting()) {
        if (started === null) {
          started = Date.now();
          timer = setInterval(function () {
            if (!line.isAttached && Date.now() - started >= 1000) {
              panel.contentHeader.addWidget(line);
            }
            if (line.isAttached) say();
          }, 250);
        }
      } else if (started !== null) {
        clearInterval(timer);
        timer = null;
        started = null;
        if (line.isAttached) line.parent = null;
      }
    }
    session.statusChanged.connect(update);
    session.kernelChanged.connect(update);
    update();
    panel.disposed.connect(function () { clearInterval(timer); });
  }

  function start_button(Widget, app, panel, start_page) {
    var button = document.createElement("button");
    button.className = "jp-ToolbarButtonComponent jp-mod-minimal jp-Button agentloop-start";
    button.title = "The start page: the chapters, your progress, how checks and solutions work";
    button.textContent = "Start here";
    button.style.cssText = "padding:0 8px;font-size:var(--jp-ui-font-size1);";
    button.addEventListener("click", function () {
      app.commands.execute("docmanager:open", { path: start_page, factory: "Markdown Preview" });
    });
    panel.toolbar.insertItem(0, "agentloop-start", new Widget({ node: button }));
  }

  /** The progress page runs its cells whenever it is opened or comes to the front. */
  function fill_progress(notebook_module, app, panel) {
    var running = false;
    function fill() {
      if (running || panel.isDisposed) return;
      running = true;
      when_idle(panel.sessionContext).then(function () {
        if (notebook_module && notebook_module.NotebookActions) {
          return notebook_module.NotebookActions.runAll(panel.content, panel.sessionContext);
        }
        if (app.shell.currentWidget === panel) {
          return app.commands.execute("notebook:run-all-cells");
        }
      }).then(function () {
        if (panel.context && panel.context.model) panel.context.model.dirty = false;
      }).catch(function () {}).then(function () { running = false; });
    }
    panel.context.ready.then(fill);
    app.shell.currentChanged.connect(function (_, change) {
      if (change.newValue === panel && panel.context.isReady) fill();
    });
  }

  var plugin = {
    id: "agentloop-course:plugin",
    description: "The course for a learner: chapter 1 first, the start page, a progress " +
      "page that fills itself in, one kernel per notebook on screen, a line while a kernel " +
      "starts, no dead widget views.",
    autoStart: true,
    activate: function (app) {
      var in_browser = /lite/i.test(app.name || "") ||
        !!document.querySelector("[data-jupyter-lite-root]");
      var restoring = true;
      var deferred = [];
      patch_contents(app);
      var ready = Promise.all([shared_module("@lumino/widgets"),
                               shared_module("@jupyterlab/notebook"),
                               exists(app, START)]);

      function start_kernel(panel) {
        var i = deferred.indexOf(panel);
        if (i < 0) return;
        deferred.splice(i, 1);
        var session = panel.sessionContext;
        session.kernelPreference = panel.agentloop_preference;
        session.ready.then(function () {  // a kernel still running (a reload) is kept
          if (!session.isDisposed && !(session.session && session.session.kernel)) {
            session.startKernel();
          }
        });
      }

      app.docRegistry.addWidgetExtension("Notebook", {
        createNew: function (panel, context) {
          if (restoring) {  // a tab the layout reopens: its kernel waits until it is shown
            var session = context.sessionContext;
            panel.agentloop_preference = session.kernelPreference;
            session.kernelPreference = Object.assign({}, session.kernelPreference,
              { shouldStart: false, autoStartDefault: false });
            deferred.push(panel);
          }
          ready.then(function (found) {
            var Widget = found[0] && found[0].Widget;
            if (!Widget || panel.isDisposed) return;
            kernel_line(Widget, panel, in_browser);
            if (found[2]) start_button(Widget, app, panel, START);
            if (basename(context.path) === PROGRESS) fill_progress(found[1], app, panel);
          });
        }
      });

      app.shell.currentChanged.connect(function (_, change) {
        if (change.newValue) start_kernel(change.newValue);
      });

      app.restored.then(function () {
        restoring = false;
        var current = app.shell.currentWidget;
        if (current) start_kernel(current);
        // chapter 1 once the app has started (JupyterLite's kernels need its service
        // worker, which is ready only then), as its own ?path= opener waits too
        return app.started;
      }).then(function () {
        var open = Array.from(app.shell.widgets("main"));
        var named = /\/tree\/./.test(window.location.pathname) ||
          new URLSearchParams(window.location.search).has("path");
        if (!named && open.every(function (w) { return w.hasClass("jp-Launcher"); })) {
          exists(app, FIRST).then(function (found) {
            if (!found) return;
            app.commands.execute("docmanager:open", { path: FIRST }).then(function () {
              open.forEach(function (w) { w.close(); });
            });
          });
        }
      });
    }
  };

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB[NAME] = {
    init: function (scope) { shared = scope; },
    get: function () {
      return Promise.resolve(function () { return { __esModule: true, default: [plugin] }; });
    }
  };
})();
