package org.gmplab.history;

/**
 * A session file that cannot be opened. The message is one line naming the file and what is wrong,
 * e.g. {@code run.gmpsession: written by a newer GMP Lab (format version 3; this one reads up to 1)}.
 */
public final class SessionException extends Exception {
    public SessionException(String file, String what) { super(file + ": " + what.replace("\n", " "), null, false, false); }
}
