package jujube.model;

/**
 * A debug-log record as stored: its place in the log and its content.
 *
 * @param sequence the record's sequence number; later records have greater numbers
 * @param record the record
 */
public record LoggedRecord(long sequence, LogRecord record) {}
