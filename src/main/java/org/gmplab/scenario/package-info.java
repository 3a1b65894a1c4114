/**
 * The scenario compiler: what a scenario is ({@link org.gmplab.scenario.Scenario}: a name, GOMAXPROCS, a seed, a
 * program and its settings), the program model ({@link org.gmplab.scenario.Program}, {@link org.gmplab.scenario.Stmt},
 * {@link org.gmplab.scenario.Expr}), the JSON form ({@link org.gmplab.scenario.ScenarioJson}) and the compiler that
 * turns a program into the flat code the engine's interpreter runs ({@link org.gmplab.scenario.Compiler},
 * {@link org.gmplab.scenario.CompiledProgram}).
 *
 * <p>It is not the engine: it knows nothing of Gs, Ms or Ps, and the engine uses it, never the other way. Scenarios
 * written in Go live one room up, in {@code gosrc}, which lowers Go's syntax to this package's model; the door that
 * reads a file of either kind, {@link org.gmplab.scenario.gosrc.ScenarioFiles}, lives there too, so this package
 * does not depend on its Go front end.
 */
package org.gmplab.scenario;
