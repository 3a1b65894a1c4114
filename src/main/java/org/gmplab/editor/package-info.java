/**
 * The scenario editor: a Go scenario (see {@code scenario.gosrc}) edited with line numbers, checked
 * as it is typed, and run in the window through {@code session.Driver#load}.
 *
 * <ul>
 *   <li>{@link org.gmplab.editor.ScenarioEditor} — the pane: buttons, file state (path, saved text, modified
 *       flag), checking, Run / Reset / Open / Save / Save as / Save session, the unsaved-changes question.</li>
 *   <li>{@link org.gmplab.editor.GoCodeArea} — the RichTextFX code area: line numbers and one error shown as an
 *       underline, a marked line number and a tooltip.</li>
 *   <li>{@link org.gmplab.controls.GoStyles} (in controls, shared with the program pane) — pure: the style spans of the text and where an error's underline
 *       goes.</li>
 *   <li>{@link org.gmplab.editor.EditorDialogs} — the questions asked of the person (file choosers, the
 *       unsaved-changes alert), replaceable in tests.</li>
 * </ul>
 *
 * Everything here runs on the FX thread, except a session's replay, which runs on a pool thread before the
 * controller takes the history.
 */
package org.gmplab.editor;
