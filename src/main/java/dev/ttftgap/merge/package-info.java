/**
 * One run split across injectors, put back together: {@link dev.ttftgap.merge.PartManifest} (the
 * {@code injector.json} each part leaves in its run folder), {@link dev.ttftgap.merge.RunParts}
 * (checks that the folders given are all the parts of one run, or names the missing or foreign one)
 * and {@link dev.ttftgap.merge.PartsMerger} (the union of the parts' records at the run's levels,
 * one server view, each injector's health). Pure: no Gatling, no Netty.
 */
package dev.ttftgap.merge;
