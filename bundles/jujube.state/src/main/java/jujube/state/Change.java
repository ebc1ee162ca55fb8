package jujube.state;

import jujube.model.UnitFlags;

/**
 * What a watch delivers: the value it delivered last and the value now. The first delivery's
 * {@code previous} is the watch's empty value (an empty set, map or {@link UnitFlags#NONE}).
 */
public record Change<T>(T previous, T current) {}
