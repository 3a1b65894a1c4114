package org.gmplab.controls;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

import org.gmplab.engine.Action;
import org.gmplab.session.Driver;

/**
 * Actions from outside the program, applied through the history so they are recorded and replayed: a
 * syscall, block/unblock, Gosched, network-ready for a goroutine; spawning goroutines; changing GOMAXPROCS.
 * A refusal is shown in words. Gosched makes the selected running G call {@code runtime.Gosched()}:
 * Go's {@code goschedImpl} puts it at the tail of the global queue and its M schedules another G.
 */
final class InjectPane extends VBox {
    final TextField goid = TransportBar.field("injectG", "goid", "The goroutine to act on (click one on the canvas)", 5);
    final TextField millis = TransportBar.field("injectMillis", "ms", "How long the system call lasts, in ms", 5);
    final Button syscall = button("injectSyscall", "Enter syscall", "The running G enters a blocking system call of that length");
    final Button block = button("injectBlock", "Block", "The running G blocks until unblocked");
    final Button unblock = button("injectUnblock", "Unblock", "A G blocked from here becomes runnable (global queue)");
    final Button gosched = button("injectGosched", "Gosched", "The running G calls runtime.Gosched(): to the tail of the global queue, its M runs another G");
    final Button netready = button("injectNetReady", "Network ready", "The data of the G's network read arrives now");
    final TextField fn = TransportBar.field("spawnFn", "function", "The function new goroutines run", 5);
    final TextField count = TransportBar.field("spawnCount", "N", "How many goroutines to start", 5);
    final TextField args = TransportBar.field("spawnArgs", "args", "Arguments, comma separated integers", 5);
    final Button spawn = button("injectSpawn", "Spawn", "Start N goroutines running the function (to the global queue)");
    final TextField procs = TransportBar.field("injectProcs", "n", "The new GOMAXPROCS", 5);
    final Button gomaxprocs = button("injectGomaxprocs", "Set GOMAXPROCS", "Start a goroutine calling runtime.GOMAXPROCS(n)");
    final Label refusal = new Label();

    InjectPane(Driver c) {
        super(6);
        millis.setText("20");
        count.setText("10");
        procs.setText("4");
        // a function of this program to spawn, with zeros for its arguments; again when another program is loaded
        spawnable(c.scenario());
        c.model().scenarioProperty().addListener((o, a, b) -> { if (b != null) spawnable(b); });
        refusal.setId("refusal");
        refusal.setWrapText(true);
        refusal.getStyleClass().add("refusal");   // the theme's error colour
        refusal.textProperty().bind(c.model().refusalProperty());
        syscall.setOnAction(e -> withG(c, g -> new Action.InjectSyscall(g, Math.round(dbl(millis, "duration") * 1_000_000))));
        block.setOnAction(e -> withG(c, Action.Block::new));
        unblock.setOnAction(e -> withG(c, Action.Unblock::new));
        gosched.setOnAction(e -> withG(c, Action.Gosched::new));
        netready.setOnAction(e -> withG(c, Action.NetReady::new));
        spawn.setOnAction(e -> act(c, () -> {
            List<Long> a = new ArrayList<>();
            String t = args.getText() == null ? "" : args.getText().trim();
            if (!t.isEmpty()) for (String s : t.split("\\s*,\\s*")) a.add(parse(s, "argument"));
            return new Action.Spawn(fn.getText() == null ? "" : fn.getText().trim(), (int) parse(count.getText(), "N"), a);
        }));
        gomaxprocs.setOnAction(e -> act(c, () -> new Action.SetGomaxprocs((int) parse(procs.getText(), "n"))));
        GridPane grid = new GridPane();
        grid.setHgap(4);
        grid.setVgap(4);
        grid.addRow(0, new Label("G"), goid, new Label("ms"), millis, syscall);
        grid.addRow(1, new Label(""), block, unblock, gosched, netready);
        grid.addRow(2, new Label("go"), fn, count, args, spawn);
        grid.addRow(3, new Label("procs"), procs, gomaxprocs);
        getChildren().addAll(new Label("Inject at the moment shown (step mode: recorded, and stepping back and injecting starts a new branch; live mode: while paused)"), grid, refusal);
    }

    private void spawnable(org.gmplab.scenario.Scenario sc) {
        sc.program().functions().values().stream().filter(f -> !f.name().equals("main")).findFirst().ifPresentOrElse(f -> {
            fn.setText(f.name());
            args.setText(String.join(",", java.util.Collections.nCopies(f.params().size(), "0")));
        }, () -> { fn.setText(""); args.setText(""); });
    }

    void select(long g) { goid.setText(Long.toString(g)); }

    private void withG(Driver c, java.util.function.LongFunction<Action> f) {
        act(c, () -> f.apply(parse(goid.getText(), "goid")));
    }

    /** Builds the action (input errors become refusals too) and injects it. */
    private static void act(Driver c, java.util.function.Supplier<Action> a) {
        Action action;
        try {
            action = a.get();
        } catch (IllegalArgumentException e) {
            c.model().refuse(e.getMessage());
            return;
        }
        c.inject(action);
    }

    private static long parse(String s, String what) {
        String t = s == null ? "" : s.trim().replaceFirst("^[Gg]", "");
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number, not \"" + (s == null ? "" : s) + "\"");
        }
    }

    private static double dbl(TextField f, String what) {
        try {
            return Double.parseDouble(f.getText().trim());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(what + " must be a number of ms, not \"" + f.getText() + "\"");
        }
    }

    private static Button button(String id, String text, String tip) {
        Button b = new Button(text);
        b.setId(id);
        TransportBar.tip(b, tip);
        return b;
    }
}
