package org.gmplab.controls;

import java.util.List;
import java.util.Optional;

import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.scene.control.Label;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import org.controlsfx.control.PropertySheet;
import org.gmplab.view.Inspector;
import org.gmplab.view.SchedulerView;

/**
 * The inspector: every field of the G, M, P or queue selected on the canvas, as Go's structures name them,
 * in a read-only ControlsFX {@link PropertySheet}, kept up to date as the moment shown changes.
 */
final class InspectorPane extends VBox {
    final PropertySheet sheet = new PropertySheet();
    final Label hint = new Label("Click a goroutine, an M, a P or a queue to inspect it.");

    InspectorPane(SchedulerView view) {
        super(6);
        setId("inspectorPane");
        sheet.setId("inspectorSheet");
        sheet.setModeSwitcherVisible(false);
        sheet.setSearchBoxVisible(false);
        sheet.setMode(PropertySheet.Mode.NAME);
        hint.setWrapText(true);
        VBox.setVgrow(sheet, Priority.ALWAYS);
        getChildren().addAll(hint, sheet);
        // the line changes whenever the selection or what it shows changes
        view.selectionProperty().addListener((o, a, b) -> show(view));
        view.selectedProperty().addListener((o, a, b) -> show(view));
        show(view);
    }

    private void show(SchedulerView view) {
        List<Inspector.Field> fields = Inspector.fields(view.selectedProperty().get(), view.snapshot());
        hint.setVisible(fields.isEmpty());
        hint.setManaged(fields.isEmpty());
        sheet.getItems().setAll(FXCollections.observableArrayList(fields.stream().map(Row::new).toList()));
    }

    /** One read-only field. */
    private record Row(Inspector.Field f) implements PropertySheet.Item {
        @Override public Class<?> getType() { return String.class; }
        @Override public String getCategory() { return f.category(); }
        @Override public String getName() { return f.name(); }
        @Override public String getDescription() { return f.category() + "." + f.name(); }
        @Override public Object getValue() { return f.value(); }
        @Override public void setValue(Object value) { }
        @Override public boolean isEditable() { return false; }
        @Override public Optional<ObservableValue<? extends Object>> getObservableValue() { return Optional.empty(); }
    }
}
