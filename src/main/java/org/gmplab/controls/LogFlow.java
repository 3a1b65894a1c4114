package org.gmplab.controls;

import java.lang.reflect.Field;
import java.util.List;
import java.util.Set;

import javafx.css.PseudoClass;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableViewSkin;
import javafx.scene.control.skin.VirtualFlow;

/**
 * The event log's rows, laid out as JavaFX's {@link VirtualFlow} does, but a row given another event is styled again
 * only when its style can have changed. In live mode the log follows the newest events, so every catch-up gives every
 * visible row another event; the stock flow then calls {@code applyCss()} on each row (its cells' texts changed, so it
 * needs layout), which styles the whole row afresh — the row, its seven cells and their texts, 8–14 ms of the FX
 * thread twice a second (docs/benchmarks.md, "The event log's catch-up"). A row's style depends on its pseudo-classes
 * (odd, selected, focused, the moment shown…), not on its texts, so this flow styles it only when they changed.
 *
 * <p>And it keeps them from changing: a row that takes another index takes, when it can, one of the same parity, so
 * it stays odd or even (Modena shades odd rows; a flip would style the whole row again in the next CSS pass). The
 * flow's pile of spare rows is private to JavaFX: it is read once, by reflection (the app image opens the package);
 * without it the rows come as the stock flow gives them, and are styled when their parity flips.
 */
final class LogFlow<T extends IndexedCell<?>> extends VirtualFlow<T> {
    /** A row's property: it was styled by the stock flow once (a new row, which needs its first styling). */
    private static final String STYLED = "gmplab.styled";
    /** The flow's spare rows, or null when JavaFX does not let us read them. */
    private final List<T> pile = pile(this);
    /** Rows styled on being given an index: new ones, and those whose pseudo-classes changed (for tests). */
    int restyled;

    /** The table's skin with this flow. */
    static <S> TableViewSkin<S> skin(TableView<S> table) {
        return new TableViewSkin<>(table) {
            @Override protected VirtualFlow<javafx.scene.control.TableRow<S>> createVirtualFlow() { return new LogFlow<>(); }
        };
    }

    @Override protected T getAvailableCell(int prefIndex) {
        if (pile != null) {
            // the stock flow takes the row last at that index, else the last spare; this one takes, failing the
            // first, the last spare of the same parity
            int same = -1;
            for (int i = pile.size() - 1; i >= 0; i--) {
                int at = getCellIndex(pile.get(i));
                if (at == prefIndex) { same = -1; break; }
                if (same < 0 && at >= 0 && (at & 1) == (prefIndex & 1)) same = i;
            }
            if (same >= 0) return pile.remove(same);   // a spare row is still the flow's child: nothing else to do
        }
        return super.getAvailableCell(prefIndex);
    }

    @Override protected void setCellIndex(T cell, int index) {
        if (!cell.getProperties().containsKey(STYLED)) {   // the stock flow's way: a new row is styled
            super.setCellIndex(cell, index);
            if (cell.getScene() != null) cell.getProperties().put(STYLED, Boolean.TRUE);
            restyled++;
            return;
        }
        Set<PseudoClass> before = Set.copyOf(cell.getPseudoClassStates());
        cell.updateIndex(index);
        // as the stock flow does, but only when a pseudo-class changed: otherwise the row's style is what it was,
        // and the layout pass lays out its new texts without it
        if (cell.isNeedsLayout() && cell.getScene() != null && !before.equals(cell.getPseudoClassStates())) {
            cell.applyCss();
            restyled++;
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> pile(VirtualFlow<?> flow) {
        try {
            Field f = VirtualFlow.class.getDeclaredField("pile");
            f.setAccessible(true);
            return f.get(flow) instanceof List<?> l ? (List<T>) l : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;   // not opened to us (or renamed): rows as the stock flow gives them
        }
    }
}
