/**
 * Small checks shared by the records of several packages ({@code config}, {@code profile}); it
 * depends on no other package of the project.
 */
package dev.ttftgap.validation;
