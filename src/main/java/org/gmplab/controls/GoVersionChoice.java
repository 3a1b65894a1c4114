package org.gmplab.controls;

import javafx.scene.control.ChoiceBox;
import javafx.util.StringConverter;

import org.gmplab.scenario.Scenario;
import org.gmplab.session.Driver;

/**
 * Which Go release's G-M-P rules run the scenario: Go 1.23 (the default) or Go 1.26, where a P in a system
 * call stays running. A run cannot change rules midway, so choosing one runs the scenario again from its
 * start; opening a scenario shows its own setting. Disabled under the Go 1.0 scheduler, which has one set,
 * and while a lesson drives the run ({@link #lockWith}).
 */
public final class GoVersionChoice extends ChoiceBox<Scenario.GoVersion> {
    private boolean updating, go10, locked;
    private final Driver c;

    public GoVersionChoice(Driver c) {
        this.c = c;
        setId("goVersion");
        getItems().setAll(Scenario.GoVersion.values());
        setConverter(new StringConverter<>() {
            @Override public String toString(Scenario.GoVersion v) { return v == null ? "" : "Go " + v.key; }
            @Override public Scenario.GoVersion fromString(String s) { return Scenario.GoVersion.of(s.substring("Go ".length())); }
        });
        Tips.set(this, "The Go release whose scheduler rules run the scenario: 1.23 (a P in a system call is _Psyscall)"
                + " or 1.26 (it stays running with its M); choosing one runs the scenario again from its start");
        show(c.model().scenarioProperty().get());
        c.model().scenarioProperty().addListener((o, was, sc) -> show(sc));
        valueProperty().addListener((o, was, v) -> {
            if (updating || v == null) return;
            Scenario sc = c.model().scenarioProperty().get();
            if (sc != null && sc.go() != v) c.load(sc.withGo(v));
        });
    }

    /** Disabled while {@code locked} holds (a lesson drives the run: it chose its scenario's rules). */
    public void lockWith(javafx.beans.value.ObservableBooleanValue locked) {
        this.locked = locked.get();
        setDisable(go10 || this.locked);
        locked.addListener((o, was, on) -> {
            this.locked = on;
            setDisable(go10 || on);
        });
    }

    private void show(Scenario sc) {
        if (sc == null) return;   // before the session's first moment
        updating = true;
        setValue(sc.go());
        go10 = sc.scheduler() == Scenario.Scheduler.GO10 || c.showsRealRun();   // a real Go run is what Go did: no rules to choose
        setDisable(go10 || locked);
        updating = false;
    }
}
