package org.gmplab;

import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Opens a side tab as a person does — a click on its header — and returns once its panel is laid out on screen.
 * A click's press reaches the tab pane through the FX event queue, and on a loaded machine it may come after
 * TestFX's own wait for that queue; the panel joins the scene when its tab is first selected and has no bounds
 * until the next layout. So the tab's selection is waited for (an event, with a generous bound only to fail
 * clearly), then two whole pulses.
 */
public final class Tabs {
    private Tabs() {}

    /** Clicks the header of the tab with id {@code "tab-" + name} and waits until its panel is shown. */
    public static void open(FxRobot robot, String name) {
        String id = "tab-" + name;
        robot.clickOn("#" + id);
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> selected(robot, id) != null);
            Pulses.await(selected(robot, id), 2);
        } catch (Exception e) {
            throw new AssertionError("the tab " + id + " was not shown after a click on its header", e);
        }
    }

    /** The scene of the tab pane whose selected tab is {@code id}, or null. */
    private static Scene selected(FxRobot robot, String id) {
        for (TabPane p : robot.lookup(".tab-pane").queryAllAs(TabPane.class)) {
            Tab t = p.getSelectionModel().getSelectedItem();
            if (t != null && id.equals(t.getId())) return p.getScene();
        }
        return null;
    }
}
