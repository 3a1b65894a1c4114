/**
 * One user's run, between the panes and the model: no JavaFX scene code here.
 *
 * <ul>
 *   <li>{@link org.gmplab.session.Driver} — the session's hub: one driver thread owns the step-mode history
 *       and the live run; every command (transport, keys, inject, the editor's Run, the lesson screen) comes
 *       here, and every moment it reaches goes out as one {@link org.gmplab.model.Moment} to the model.</li>
 *   <li>{@link org.gmplab.session.LiveDriver}, {@link org.gmplab.session.LiveRun} — live mode: the scenario on
 *       real threads, watched through exact stopped-world frames.</li>
 *   <li>{@link org.gmplab.session.Breakpoint}, {@link org.gmplab.session.Breakpoints} — what stops a run, kept
 *       per scenario.</li>
 *   <li>{@link org.gmplab.session.Pending} — injected actions a G takes only at its next scheduling point, and
 *       the words that say what an injection does.</li>
 * </ul>
 *
 * The flow is one way: panes → session → {@code model.GmpModel} (through the one frame clock) → views.
 */
package org.gmplab.session;
