package org.gmplab.engine;

import java.util.List;

/** A synchronisation object goroutines can park on (wait group, mutex, channel), as the world view sees it. */
interface Waitable {
    /** The goroutines parked on it, in wake-up order. The world must be stopped for an exact answer. */
    List<Goroutine> waiters();
}
