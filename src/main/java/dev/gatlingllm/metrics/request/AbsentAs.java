package dev.gatlingllm.metrics.request;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value a numeric figure of a {@link RequestRow} part takes when nothing set it, where that is
 * not -1 (e.g. a count of events, which is 0 for a request that saw none). The absent values of
 * every figure are listed in {@link RowFigure#absent}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface AbsentAs {
  long value();
}
