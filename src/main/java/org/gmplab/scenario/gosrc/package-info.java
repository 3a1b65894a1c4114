/**
 * Scenarios written in Go: a subset of Go's syntax, parsed faithfully, compiled to the same program
 * model ({@link org.gmplab.scenario.Program}) that JSON scenario files hold. JSON stays the
 * serialized form; this is the form people write.
 *
 * <h2>The pipeline</h2>
 * {@link org.gmplab.scenario.gosrc.GoLexer} (Go's tokens and automatic semicolons) →
 * {@link org.gmplab.scenario.gosrc.GoParser} ({@link org.gmplab.scenario.gosrc.Ast}) →
 * {@link org.gmplab.scenario.gosrc.GoCompiler}, which declares the package-level names and lowers
 * each function with {@link org.gmplab.scenario.gosrc.FunctionLowering} (control flow, returns),
 * {@link org.gmplab.scenario.gosrc.StmtLowering} (declarations, assignments),
 * {@link org.gmplab.scenario.gosrc.Calls} (calls, go, defer) and
 * {@link org.gmplab.scenario.gosrc.ExprLowering} (types, expressions). The first problem stops
 * everything with one message at one position: {@link org.gmplab.scenario.gosrc.GoSource} turns it
 * into a {@link org.gmplab.scenario.ScenarioException} reading
 * <pre>
 * scenarios/x.go:7:12: expected ')' after argument list, found newline
 *         work(2 * time.Millisecond
 *                                  ^
 * </pre>
 * A Go construct outside the subset is never skipped: it gets "... is not supported in GMP Lab
 * scenarios", and usually what to write instead.
 *
 * <h2>What a scenario may contain</h2>
 * <ul>
 * <li>{@code package main} and imports (optional together: a snippet without a package clause may use
 *     {@code runtime}, {@code sync} and {@code time} unimported). Any import is accepted, so a real Go
 *     file pastes in; using something from a package other than those three is refused where it is
 *     used, and an unused import is not an error.</li>
 * <li>Functions with parameters of type {@code int}, {@code time.Duration}, {@code bool},
 *     {@code chan T}, {@code <-chan T}, {@code chan<- T}, {@code *sync.WaitGroup}, {@code *sync.Mutex}
 *     (channel elements: those, or {@code struct{}}); no results. {@code main} is the main goroutine.</li>
 * <li>Package level: {@code const}; {@code var wg sync.WaitGroup}, {@code var mu sync.Mutex},
 *     {@code var ch = make(chan T, n)}. In functions: {@code var} and {@code const} of those types,
 *     {@code :=}, {@code =}, {@code op=}, {@code ++}, {@code --}, {@code &wg}.</li>
 * <li>{@code go f(args)}, {@code go func(params){...}(args)}, calls, {@code return},
 *     {@code defer} of any supported call or function literal.</li>
 * <li>{@code for init; cond; post}, {@code for cond}, {@code for}, {@code for i := range n} and
 *     {@code for range n} (Go 1.22), {@code break}, {@code continue}, {@code if / else if / else} with an
 *     init statement, {@code select} with send, receive and {@code default} cases.</li>
 * <li>{@code runtime.Gosched()}, {@code runtime.GOMAXPROCS(n)} (as a statement), {@code time.Sleep(d)},
 *     {@code make(chan T[, n])}, {@code ch <- v}, {@code <-ch}, {@code v := <-ch}, {@code close(ch)},
 *     {@code mu.Lock()}, {@code mu.Unlock()}, {@code wg.Add(n)}, {@code wg.Done()}, {@code wg.Wait()},
 *     and the intrinsics {@code work(d)} (CPU for d), {@code syscall(d)} (a blocking system call of d)
 *     and {@code netread(d)} (a network read ready after d).</li>
 * <li>Integer and boolean expressions with Go's types and precedence. Constant expressions are folded
 *     ({@code 2 * time.Millisecond} is 2000000, typed {@code time.Duration}); {@code int} and
 *     {@code time.Duration} need a conversion to mix, as in Go. Bitwise operators and shifts work on
 *     constants only, since the model's expressions have + - * / %, comparisons and logic.</li>
 * <li>A settings comment before the first line of Go: {@code // gmplab: gomaxprocs=4 seed=7 runqsize=4
 *     name="..."} (see {@link org.gmplab.scenario.gosrc.Settings}).</li>
 * </ul>
 * Refused with a reason: strings, floating-point and other integer types, structs (but {@code struct{}}),
 * arrays, slices, maps, pointers other than to a wait group or mutex, methods, type declarations,
 * generics, interfaces, function values, results, {@code switch}, {@code goto}, labels,
 * {@code fallthrough}, {@code range} over a channel and {@code v, ok := <-ch} (the model's receive
 * cannot report a closed channel), package-level variables of other types (goroutines share no memory
 * in the model), and the closures described next.
 *
 * <h2>Closures</h2>
 * The model has no closures. A function literal in {@code go} or {@code defer} is lifted into a
 * function of its own, named as Go names it ({@code main.func1}, {@code main.func1.1} inside it), whose
 * parameters are the literal's followed by the variables it captures, passed by value where the
 * statement runs (a deferred literal's captures are read when it runs, at the return). Passing by value
 * is Go's meaning exactly when nobody assigns the variable while the goroutine may read it, so these are
 * refused: a literal assigning a captured variable; the enclosing function assigning one after the go
 * statement; and a loop assigning one that a goroutine started in the loop captures. Package-level
 * objects and handles (channels, {@code &wg}, mutexes) are values anyway, and Go 1.22 gives each
 * iteration of a loop its own loop variable, so capturing {@code i} in {@code for i := ...} is exact.
 *
 * <h2>Blocks, defers, loops</h2>
 * The model has one flat set of variables per function; {@link org.gmplab.scenario.gosrc.SlotNames}
 * renames a variable that shadows a live one ({@code x·1}). Deferred calls run, last first, at every
 * return and at the end of the function; a defer inside an if or select block sets a flag tested there.
 * Loops that are exactly the model's counted {@code for} become one; the others a {@code while}, with
 * break and continue lowered to flags (the model has no jumps).
 */
package org.gmplab.scenario.gosrc;
