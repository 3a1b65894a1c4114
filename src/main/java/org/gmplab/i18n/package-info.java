/**
 * The languages GMP Lab speaks, English and Simplified Chinese, and the tables of its words: the window's
 * ({@link org.gmplab.i18n.Words}, from {@code words-zh.json}), the lesson player's own labels
 * ({@link org.gmplab.i18n.LessonWords}), the canvas's ({@link org.gmplab.i18n.Wording}), and a text in both
 * ({@link org.gmplab.i18n.Text}, as the lessons are written).
 *
 * <p>There is no global language: whoever formats a text is given the {@link org.gmplab.i18n.Lang} to format
 * it in. A window holds its language (the controls' {@code Language}) and hands it to its panes; switching
 * it re-words that window only. The event narration, in both languages, stays with the events
 * ({@code snapshot.Narration}, {@code NarrationZh}): it is the events' own formatter.
 *
 * <p>Headless: no JavaFX here, so the lessons and the command line can use it.
 */
package org.gmplab.i18n;
