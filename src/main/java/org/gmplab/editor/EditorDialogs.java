package org.gmplab.editor;

import java.nio.file.Path;
import java.util.List;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import org.gmplab.controls.Language;

/**
 * The questions the editor asks the person: which file to open, where to save, and what to do with unsaved
 * text. The window uses {@link #nativeDialogs} (FileChooser and Alert, in its language); tests answer with their own implementation,
 * so no native dialog is needed. FX thread only.
 */
public interface EditorDialogs {
    /** The answer to "the text was changed and not saved". */
    enum Unsaved { SAVE, DISCARD, CANCEL }

    /** A file kind the choosers offer, e.g. {@code ("Go scenario", "*.go")}. */
    record Kind(String description, List<String> patterns) {
        public Kind { patterns = List.copyOf(patterns); }
    }

    /** The file to open, or null if the person cancelled. */
    Path chooseOpen(Window owner, List<Kind> kinds, Path dir);

    /** The file to write, or null if the person cancelled. */
    Path chooseSave(Window owner, Kind kind, Path dir, String name);

    /** Asked before text changed since the last save would be replaced or lost; {@code what} names the file. */
    Unsaved askUnsaved(Window owner, String what);

    /** FileChooser and Alert, their texts in {@code words}'s language. */
    static EditorDialogs nativeDialogs(Language words) {
        return new EditorDialogs() {
            @Override
            public Path chooseOpen(Window owner, List<Kind> kinds, Path dir) {
                FileChooser f = chooser(words.get("Open a scenario or a session"), dir);
                for (Kind k : kinds) f.getExtensionFilters().add(new FileChooser.ExtensionFilter(k.description(), k.patterns()));
                var file = f.showOpenDialog(owner);
                return file == null ? null : file.toPath();
            }

            @Override
            public Path chooseSave(Window owner, Kind kind, Path dir, String name) {
                FileChooser f = chooser("Save " + kind.description().toLowerCase(java.util.Locale.ROOT), dir);
                f.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind.description(), kind.patterns()));
                if (name != null) f.setInitialFileName(name);
                var file = f.showSaveDialog(owner);
                return file == null ? null : file.toPath();
            }

            @Override
            public Unsaved askUnsaved(Window owner, String what) {
                ButtonType save = new ButtonType(words.get("Save"), ButtonBar.ButtonData.YES);
                ButtonType discard = new ButtonType(words.get("Discard"), ButtonBar.ButtonData.NO);
                ButtonType cancel = new ButtonType(words.get("Cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
                Alert a = new Alert(Alert.AlertType.CONFIRMATION, words.get("The scenario %s has changes that are not saved.", what),
                        save, discard, cancel);
                a.setTitle(words.get("Unsaved changes"));
                a.setHeaderText(words.get("Save the changes to %s?", what));
                a.initOwner(owner);
                ButtonType b = a.showAndWait().orElse(cancel);
                return b == save ? Unsaved.SAVE : b == discard ? Unsaved.DISCARD : Unsaved.CANCEL;
            }

            private FileChooser chooser(String title, Path dir) {
                FileChooser f = new FileChooser();
                f.setTitle(title);
                if (dir != null && dir.toFile().isDirectory()) f.setInitialDirectory(dir.toFile());
                return f;
            }
        };
    }
}
