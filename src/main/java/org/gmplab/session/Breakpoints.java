package org.gmplab.session;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

import org.gmplab.scenario.Scenario;

/**
 * The breakpoints, each set on one scenario: a breakpoint is about a program ("G7 changes status", "P2's queue
 * becomes empty" mean something in the program it was set on), so loading another scenario shows that
 * scenario's breakpoints, and coming back brings the old ones back. A scenario is known by its name: the
 * editor's Run of an edited program keeps them.
 *
 * <p>The list shown ({@link #list}) is the one of the scenario the model shows, edited on the FX thread; the
 * driver thread reads the list of the scenario it runs ({@link #of}), which may be ahead of the model by a
 * pulse after a load.
 */
final class Breakpoints {
    private final ObservableList<Breakpoint> list = FXCollections.observableArrayList();
    private final Map<String, List<Breakpoint>> byScenario = new ConcurrentHashMap<>();
    private String shown;              // FX thread: the name of the scenario whose breakpoints the list shows
    private boolean switching;         // FX thread: the list is being set to another scenario's

    /** Starts with the (empty) list of {@code first}, the scenario shown until the model says otherwise. */
    Breakpoints(Scenario first) {
        shown = first.name();
        list.addListener((ListChangeListener<Breakpoint>) c -> {
            if (!switching) byScenario.put(shown, List.copyOf(list));
        });
    }

    /** FX thread: from now on the list shows the breakpoints of the scenario {@code scenario} holds. */
    void follow(ObservableValue<Scenario> scenario) {
        scenario.addListener((o, a, b) -> {
            if (b == null || b.name().equals(shown)) return;
            shown = b.name();
            switching = true;
            try {
                list.setAll(byScenario.getOrDefault(shown, List.of()));
            } finally {
                switching = false;
            }
        });
    }

    /** The breakpoints of the scenario shown; edit on the FX thread. */
    ObservableList<Breakpoint> list() { return list; }

    /** Any thread: the breakpoints set on {@code sc} (none if it never had any). */
    List<Breakpoint> of(Scenario sc) { return byScenario.getOrDefault(sc.name(), List.of()); }
}
