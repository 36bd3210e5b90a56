/**
 * The Gatling simulations the Maven plugin runs ({@code mvn gatling:test} runs {@code
 * RisingRateSimulation}; another with {@code -Dgatling.simulationClass=...}): thin classes that
 * hand a load profile to {@link dev.ttftgap.gatling.LoadRun} or an experiment plan to {@link
 * dev.ttftgap.gatling.ExperimentRun}.
 *
 * <p>Not to be confused with the folder {@code simulations/} at the project root, which holds no
 * code: it holds the load profiles ({@code simulations/NAME.json}, chosen with {@code
 * -Dprofile=NAME}) and experiment plans ({@code simulations/experiments/}) these classes read. Both
 * names stay, as users' commands name both.
 */
package dev.ttftgap.simulations;
