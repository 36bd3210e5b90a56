/**
 * Run settings: where the target is, which key, model and load profile, read from system properties
 * and the environment and validated in one place ({@link dev.ttftgap.config.Settings}).
 */
package dev.ttftgap.config;
